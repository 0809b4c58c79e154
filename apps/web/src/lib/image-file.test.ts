import { describe, expect, it } from 'vitest';
import { hasImageExtension, readImageFile, sniffImage } from './image-file';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(width: number, height: number) {
  const bytes = new Uint8Array(64);
  bytes.set(PNG_SIGNATURE);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13); // IHDR length
  bytes.set([0x49, 0x48, 0x44, 0x52], 12); // "IHDR"
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new Blob([bytes]);
}

/** A JPEG header as a camera writes it: SOI, an EXIF segment, then the frame header. */
function jpeg(width: number, height: number, exifBytes = 1_000) {
  const exif = new Uint8Array(4 + exifBytes);
  exif.set([0xff, 0xe1, (exifBytes + 2) >> 8, (exifBytes + 2) & 0xff]);
  const frame = new Uint8Array(19);
  frame.set([0xff, 0xc2, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03]);
  return new Blob([new Uint8Array([0xff, 0xd8]), exif, new Uint8Array([0xff]), frame]);
}

describe('image files', () => {
  it.each([
    ['photo.jpg', true],
    ['photo.JPEG', true],
    ['scan.png', true],
    ['photo.jpg.pdf', false],
    ['photo.gif', false],
    ['photo.heic', false],
    ['jpg', false],
  ])('%s has an allowed extension: %s', (name, allowed) => {
    expect(hasImageExtension(name)).toBe(allowed);
  });

  it('tells PNG and JPEG from their first bytes, and nothing else', async () => {
    await expect(sniffImage(png(10, 20))).resolves.toMatchObject({ format: 'png' });
    await expect(sniffImage(jpeg(10, 20))).resolves.toMatchObject({ format: 'jpeg' });
    await expect(sniffImage(new Blob(['%PDF-1.7']))).resolves.toBeNull();
    await expect(sniffImage(new Blob(['GIF89a...']))).resolves.toBeNull();
    await expect(sniffImage(new Blob([]))).resolves.toBeNull();
  });

  it('reads the pixel size from a PNG header and from a JPEG frame header after EXIF', async () => {
    await expect(sniffImage(png(4000, 3000), { dimensions: true })).resolves.toEqual({
      format: 'png',
      width: 4000,
      height: 3000,
    });
    await expect(sniffImage(jpeg(4032, 3024, 30_000), { dimensions: true })).resolves.toEqual({
      format: 'jpeg',
      width: 4032,
      height: 3024,
    });
  });

  it('needs both the name and the content to say JPG or PNG', async () => {
    const bytes = await jpeg(10, 10).arrayBuffer();
    await expect(readImageFile(new File([bytes], 'me.jpg'))).resolves.toMatchObject({ format: 'jpeg' });
    await expect(readImageFile(new File([bytes], 'me.webp'))).resolves.toBeNull();
    await expect(readImageFile(new File(['%PDF-1.7'], 'me.png'))).resolves.toBeNull();
  });
});
