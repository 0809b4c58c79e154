import { describe, expect, it } from 'vitest';
import { jpegHeader as jpeg, pngHeader as png } from '@test/picture-headers';
import { hasImageExtension, readImageFile, sniffImage } from './image-file';

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
