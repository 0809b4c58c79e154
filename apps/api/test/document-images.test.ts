import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@portal/shared/messages';
import { HttpError } from '../src/lib/http-error';
import { jpegLoadShrink, normaliseImage } from '../src/modules/students/images';
import { jpeg, png } from './images';

async function size(file: Buffer) {
  const { width, height, format } = await sharp(file).metadata();
  return { width, height, format };
}

describe('documents from a camera', () => {
  it('are decoded at the JPEG scale that keeps their long side at 2000 px or more', () => {
    expect([1600, 2048, 3264, 3999, 4000, 4032, 4624, 7999, 8000, 8064].map(jpegLoadShrink)).toEqual([
      1, 1, 1, 1, 2, 2, 2, 2, 4, 4,
    ]);
  });

  it('of 12 MP are stored at half their size, as decoded, without resampling to 2000 px', async () => {
    expect(await size(await normaliseImage(await jpeg(4032, 3024), 'document'))).toEqual({
      width: 2016,
      height: 1512,
      format: 'jpeg',
    });
    expect(await size(await normaliseImage(await jpeg(4000, 3000), 'document'))).toEqual({
      width: 2000,
      height: 1500,
      format: 'jpeg',
    });
  });

  it('larger than 2048 px after the scaled decode, and PNGs, are resized to fit 2048 px; smaller keep their size', async () => {
    const cases: [Promise<Buffer>, number, number][] = [
      [jpeg(4624, 3472), 2048, 1538],
      [jpeg(3264, 2448), 2048, 1536],
      [jpeg(1600, 1200), 1600, 1200],
      [png(3000, 2000), 2048, 1365],
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
    const stored = await normaliseImage(await jpeg(4032, 3024, { orientation: 6 }), 'document');
    const metadata = await sharp(stored).metadata();
    expect([metadata.width, metadata.height, metadata.orientation, metadata.exif]).toEqual([
      1512,
      2016,
      undefined,
      undefined,
    ]);
  });

  // os.tmpdir() reads TMPDIR each time it is called.
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('leave no file behind in the temporary directory, stored or refused (cut short)', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'document-images-'));
    try {
      const whole = await jpeg(4032, 3024);
      vi.stubEnv('TMPDIR', scratch);
      const stored = await normaliseImage(whole, 'document');
      expect((await size(stored)).width).toBe(2016);
      const refused = await normaliseImage(
        whole.subarray(0, Math.floor(whole.length * 0.6)),
        'document',
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
      const picture = await jpeg(4032, 3024);
      vi.stubEnv('TMPDIR', join(parent, 'missing'));
      const stored = await normaliseImage(picture, 'document');
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
      const picture = await jpeg(4032, 3024);
      vi.stubEnv('TMPDIR', bracketed);
      const stored = await normaliseImage(picture, 'document');
      expect(await size(stored)).toEqual({ width: 2016, height: 1512, format: 'jpeg' });
      expect(await readdir(bracketed)).toEqual([]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
