import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeContext, stubPictureCanvas } from '@test/picture-canvas';
import { centredSquare, toSquareJpeg } from './square-photo';

describe('centredSquare', () => {
  it.each([
    { picture: 'landscape 4000 × 3000', width: 4000, height: 3000, crop: { x: 500, y: 0, side: 3000 } },
    { picture: 'portrait 3024 × 4032', width: 3024, height: 4032, crop: { x: 0, y: 504, side: 3024 } },
    { picture: 'square 800 × 800', width: 800, height: 800, crop: { x: 0, y: 0, side: 800 } },
    { picture: 'odd margin 401 × 400', width: 401, height: 400, crop: { x: 0, y: 0, side: 400 } },
    { picture: 'odd margin 403 × 400', width: 403, height: 400, crop: { x: 1, y: 0, side: 400 } },
    { picture: 'a strip 10 × 300', width: 10, height: 300, crop: { x: 0, y: 145, side: 10 } },
  ])('takes the middle square of a $picture picture', ({ width, height, crop }) => {
    expect(centredSquare(width, height)).toEqual(crop);
  });
});

describe('toSquareJpeg', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('draws the centred square at 400 × 400 on white and encodes a JPEG at quality 0.85', async () => {
    const bitmap = { width: 4000, height: 3000, close: vi.fn() };
    const { context, canvases, convertToBlob } = stubPictureCanvas(bitmap);
    const source = new File(['camera photo'], 'IMG_0001.JPG', { type: 'image/jpeg' });

    const result = await toSquareJpeg(source);

    expect(createImageBitmap).toHaveBeenCalledWith(source);
    expect(canvases).toEqual([{ width: 400, height: 400 }]);
    expect(context.fillStyle).toBe('#fff');
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 400, 400);
    expect(context.imageSmoothingQuality).toBe('high');
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 500, 0, 3000, 3000, 0, 0, 400, 400);
    expect(convertToBlob).toHaveBeenCalledWith({ type: 'image/jpeg', quality: 0.85 });
    expect(bitmap.close).toHaveBeenCalled();
    expect(result).toBeInstanceOf(File);
    expect(result).toMatchObject({ name: 'photo.jpg', type: 'image/jpeg' });
  });

  it('uses a <canvas> where there is no OffscreenCanvas', async () => {
    const bitmap = { width: 300, height: 600, close: vi.fn() };
    const context = fakeContext();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => bitmap),
    );
    vi.stubGlobal('OffscreenCanvas', undefined);
    const canvas = document.createElement('canvas');
    vi.spyOn(canvas, 'getContext').mockReturnValue(context as never);
    const toBlob = vi
      .spyOn(canvas, 'toBlob')
      .mockImplementation((done) => done(new Blob(['jpeg'], { type: 'image/jpeg' })));
    vi.spyOn(document, 'createElement').mockReturnValueOnce(canvas);

    const result = await toSquareJpeg(new Blob(['png']), { side: 200, quality: 0.7 });

    expect([canvas.width, canvas.height]).toEqual([200, 200]);
    expect(context.drawImage).toHaveBeenCalledWith(bitmap, 0, 150, 300, 300, 0, 0, 200, 200);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', 0.7);
    expect(result.type).toBe('image/jpeg');
  });

  it('fails, and frees the bitmap, when the picture has no pixels', async () => {
    const bitmap = { width: 0, height: 0, close: vi.fn() };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => bitmap),
    );
    await expect(toSquareJpeg(new Blob(['x']))).rejects.toThrow();
    expect(bitmap.close).toHaveBeenCalled();
  });
});
