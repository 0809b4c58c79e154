import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test pictures made on the spot: real encodings, and the bad files the server must refuse. */
export async function jpeg(
  width = 640,
  height = 480,
  options: { exif?: boolean; quality?: number; orientation?: number } = {},
) {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg({
    quality: options.quality ?? 80,
  });
  if (options.exif)
    image = image.withExif({ IFD0: { Copyright: 'GPS-SECRET-Lahore-31.5204N', Artist: 'camera-owner' } });
  // As a phone held upright writes it: the pixels sideways, and a tag saying how to turn them.
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

export async function png(width = 300, height = 300) {
  return sharp({ create: { width, height, channels: 4, background: { r: 250, g: 250, b: 250, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** Random noise compresses badly: a real JPEG of more than 1.1 MB. */
export async function largeJpeg() {
  const side = 1100;
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small file whose header declares 20,000 × 20,000 pixels: a decompression bomb. */
export function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(20_001))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const textAsJpg = Buffer.from('This is just text, named photo.jpg\n');
export const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const phpWithJpegHeader = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.from('<?php system($_GET["cmd"]); ?>'),
]);

export async function truncatedJpeg() {
  const whole = await jpeg(800, 600);
  return whole.subarray(0, Math.floor(whole.length / 2));
}
