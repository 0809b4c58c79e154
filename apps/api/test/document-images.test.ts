import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { HttpError } from '../src/lib/http-error';
import { jpegLoadShrink, normaliseImage } from '../src/modules/students/images';

/** A camera-sized JPEG (one colour: the sizes are what these tests look at). */
function cameraJpeg(width: number, height: number, orientation?: number) {
  const image = sharp({
    create: { width, height, channels: 3, background: '#c8c0b0' },
  }).jpeg({ quality: 90 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

async function size(jpeg: Buffer) {
  const { width, height, format } = await sharp(jpeg).metadata();
  return { width, height, format };
}

describe('documents from a camera', () => {
  it('are decoded at the JPEG scale that keeps their long side at 2000 px or more', () => {
    expect([1600, 2048, 3264, 3999, 4000, 4032, 4624, 7999, 8000, 8064].map(jpegLoadShrink)).toEqual([
      1, 1, 1, 1, 2, 2, 2, 2, 4, 4,
    ]);
  });

  it('of 12 MP are stored at half their size, as decoded, without resampling to 2000 px', async () => {
    expect(await size(await normaliseImage(await cameraJpeg(4032, 3024), 'document'))).toEqual({
      width: 2016,
      height: 1512,
      format: 'jpeg',
    });
    expect(await size(await normaliseImage(await cameraJpeg(4000, 3000), 'document'))).toEqual({
      width: 2000,
      height: 1500,
      format: 'jpeg',
    });
  });

  it('larger than 2048 px after the scaled decode, and PNGs, are resized to fit 2048 px; smaller keep their size', async () => {
    const cases: [Promise<Buffer>, number, number][] = [
      [cameraJpeg(4624, 3472), 2048, 1538],
      [cameraJpeg(3264, 2448), 2048, 1536],
      [cameraJpeg(1600, 1200), 1600, 1200],
      [
        sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#ffffff' } })
          .png()
          .toBuffer(),
        2048,
        1365,
      ],
    ];
    for (const [picture, width, height] of cases) {
      expect(await size(await normaliseImage(await picture, 'document'))).toEqual({
        width,
        height,
        format: 'jpeg',
      });
    }
  });

  it('taken upright are stored upright, the EXIF orientation applied and then dropped', async () => {
    const stored = await normaliseImage(await cameraJpeg(4032, 3024, 6), 'document');
    const metadata = await sharp(stored).metadata();
    expect([metadata.width, metadata.height, metadata.orientation, metadata.exif]).toEqual([
      1512,
      2016,
      undefined,
      undefined,
    ]);
  });

  /** Runs `work` with the system's temporary directory at `directory` (os.tmpdir() reads TMPDIR each time). */
  async function withTemporaryDirectory<T>(directory: string, work: () => Promise<T>): Promise<T> {
    const before = process.env.TMPDIR;
    process.env.TMPDIR = directory;
    try {
      return await work();
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
  }

  it('leave no file behind in the temporary directory, stored or refused (cut short)', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'document-images-'));
    try {
      const whole = await cameraJpeg(4032, 3024);
      const stored = await withTemporaryDirectory(scratch, () => normaliseImage(whole, 'document'));
      expect((await size(stored)).width).toBe(2016);
      const refused = await withTemporaryDirectory(scratch, () =>
        normaliseImage(whole.subarray(0, Math.floor(whole.length * 0.6)), 'document'),
      ).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(HttpError);
      expect(refused).toMatchObject({ statusCode: 415, message: messages.documentsFormat });
      expect(await readdir(scratch)).toEqual([]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('are decoded whole from memory when the temporary directory cannot take the file', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'document-images-'));
    try {
      const picture = await cameraJpeg(4032, 3024);
      const stored = await withTemporaryDirectory(join(parent, 'missing'), () =>
        normaliseImage(picture, 'document'),
      );
      // Decoded whole and resized: the old road's size.
      expect(await size(stored)).toEqual({ width: 2048, height: 1536, format: 'jpeg' });
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it('are decoded scaled from a temporary directory with brackets in its path', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'document-images-'));
    try {
      const bracketed = join(parent, 'a[shrink=8]');
      await mkdir(bracketed);
      const picture = await cameraJpeg(4032, 3024);
      const stored = await withTemporaryDirectory(bracketed, () => normaliseImage(picture, 'document'));
      expect(await size(stored)).toEqual({ width: 2016, height: 1512, format: 'jpeg' });
      expect(await readdir(bracketed)).toEqual([]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
