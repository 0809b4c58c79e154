import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPictureCanvas } from '@test/picture-canvas';
import { jpegHeader, pngHeader } from '@test/picture-headers';
import { documentSendSize, documentToSend, documentsToSend } from './document-picture';

describe('documentSendSize', () => {
  it.each([
    {
      picture: 'a 12 MP landscape camera picture',
      width: 4032,
      height: 3024,
      size: { width: 2048, height: 1536 },
    },
    {
      picture: 'a 12 MP portrait camera picture',
      width: 3024,
      height: 4032,
      size: { width: 1536, height: 2048 },
    },
    { picture: 'a 4000 × 3000 picture', width: 4000, height: 3000, size: { width: 2048, height: 1536 } },
    { picture: 'a 16 MP picture', width: 4624, height: 3472, size: { width: 2048, height: 1538 } },
    { picture: 'a long strip', width: 10000, height: 10, size: { width: 2048, height: 2 } },
    { picture: 'a sliver', width: 9000, height: 1, size: { width: 2048, height: 1 } },
  ])('shrinks $picture to fit 2048 px, its shape kept', ({ width, height, size }) => {
    expect(documentSendSize(width, height)).toEqual(size);
  });

  it.each([
    { width: 2048, height: 1536 },
    { width: 1536, height: 2048 },
    { width: 1200, height: 760 },
  ])('leaves a $width × $height picture as it is', ({ width, height }) => {
    expect(documentSendSize(width, height)).toBeNull();
  });
});

describe('documentToSend', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('redraws a 12 MP camera picture at 2048 × 1536 as a JPEG at quality 0.9, and frees the bitmap', async () => {
    const bitmap = { width: 4032, height: 3024, close: vi.fn() };
    const { context, canvases, convertToBlob } = stubPictureCanvas(bitmap);
    const camera = new File([jpegHeader(4032, 3024, 5000)], 'IMG_2041.JPG', { type: 'image/jpeg' });

    const sent = await documentToSend(camera);

    expect(canvases).toEqual([{ width: 2048, height: 1536 }]);
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 4032, 3024, 0, 0, 2048, 1536);
    expect(convertToBlob).toHaveBeenCalledWith({ type: 'image/jpeg', quality: 0.9 });
    expect(bitmap.close).toHaveBeenCalled();
    expect(sent).not.toBe(camera);
    expect(sent).toMatchObject({ name: 'IMG_2041.jpg', type: 'image/jpeg', size: 1000 });
  });

  it('turns the picture as its EXIF says before sizing it: a portrait decodes 3024 × 4032', async () => {
    const bitmap = { width: 3024, height: 4032, close: vi.fn() };
    const { canvases } = stubPictureCanvas(bitmap);
    // The header keeps the sensor's landscape size; createImageBitmap gives the picture upright.
    await documentToSend(new File([jpegHeader(4032, 3024, 5000)], 'portrait.jpg'));
    expect(canvases).toEqual([{ width: 1536, height: 2048 }]);
  });

  it('sends a large PNG scan as a JPEG named .jpg', async () => {
    const bitmap = { width: 5100, height: 7014, close: vi.fn() };
    stubPictureCanvas(bitmap);
    const sent = await documentToSend(new File([pngHeader(5100, 7014), new Uint8Array(5000)], 'scan.png'));
    expect(sent).toMatchObject({ name: 'scan.jpg', type: 'image/jpeg' });
  });

  it('sends a picture that fits as chosen, without decoding it', async () => {
    const { convertToBlob } = stubPictureCanvas({ width: 1200, height: 760, close: vi.fn() });
    const small = new File([jpegHeader(1200, 760)], 'front.jpg', { type: 'image/jpeg' });
    expect(await documentToSend(small)).toBe(small);
    expect(createImageBitmap).not.toHaveBeenCalled();
    expect(convertToBlob).not.toHaveBeenCalled();
  });

  it('does not decode a picture whose header declares more pixels than a camera makes', async () => {
    stubPictureCanvas({ width: 10000, height: 6000, close: vi.fn() });
    const bomb = new File([jpegHeader(10000, 6000)], 'bomb.jpg');
    expect(await documentToSend(bomb)).toBe(bomb);
    expect(createImageBitmap).not.toHaveBeenCalled();
  });

  it('sends the picture as chosen when the browser cannot decode it', async () => {
    stubPictureCanvas({ width: 0, height: 0, close: vi.fn() });
    vi.mocked(createImageBitmap).mockRejectedValueOnce(new Error('undecodable'));
    const odd = new File([jpegHeader(4032, 3024)], 'odd.jpg');
    expect(await documentToSend(odd)).toBe(odd);
  });

  it('sends the picture as chosen when the redrawn one would be no smaller, and frees the bitmap', async () => {
    const bitmap = { width: 4032, height: 3024, close: vi.fn() };
    stubPictureCanvas(bitmap, { encoded: 6000 });
    const compact = new File([jpegHeader(4032, 3024, 5000)], 'compact.jpg');
    expect(await documentToSend(compact)).toBe(compact);
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('sends a file that is not a picture as chosen, for the server to refuse', async () => {
    stubPictureCanvas({ width: 4032, height: 3024, close: vi.fn() });
    const pdf = new File(['%PDF-1.7'], 'cnic.jpg');
    expect(await documentToSend(pdf)).toBe(pdf);
    expect(createImageBitmap).not.toHaveBeenCalled();
  });
});

describe('documentsToSend', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('prepares the chosen documents one after the other, and only those', async () => {
    const order: string[] = [];
    stubPictureCanvas({ width: 4032, height: 3024, close: vi.fn() });
    vi.mocked(createImageBitmap).mockImplementation(async (file) => {
      order.push((file as File).name);
      // Each decode waits a moment: a second decode started meanwhile would show in the order.
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(`done ${(file as File).name}`);
      return { width: 4032, height: 3024, close: vi.fn() };
    });
    const front = new File([jpegHeader(4032, 3024, 5000)], 'front.jpg');
    const education = new File([jpegHeader(4032, 3024, 5000)], 'education.jpg');

    const shares: number[] = [];
    const sent = await documentsToSend({ 'Front CNIC': front, 'Education Document': education }, (share) =>
      shares.push(share),
    );

    expect(order).toEqual(['front.jpg', 'done front.jpg', 'education.jpg', 'done education.jpg']);
    // The share done after each of the two chosen, for the page's progress bar.
    expect(shares).toEqual([0.5, 1]);
    expect(Object.keys(sent)).toEqual(['Front CNIC', 'Education Document']);
    expect(sent['Front CNIC']?.name).toBe('front.jpg');
    expect(sent['Front CNIC']).not.toBe(front);
  });
});
