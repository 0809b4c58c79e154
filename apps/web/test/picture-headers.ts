/** The first bytes of pictures, as far as the page's header reader (lib/image-file.ts) looks at them. */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's signature and IHDR chunk, saying width × height. */
export function pngHeader(width: number, height: number): Blob {
  const bytes = new Uint8Array(64);
  bytes.set(PNG_SIGNATURE);
  const view = new DataView(bytes.buffer);
  view.setUint32(8, 13); // IHDR length
  bytes.set([0x49, 0x48, 0x44, 0x52], 12); // "IHDR"
  view.setUint32(16, width);
  view.setUint32(20, height);
  return new Blob([bytes]);
}

/** A JPEG header as a camera writes it: SOI, an EXIF segment of `exifBytes`, then the frame header. */
export function jpegHeader(width: number, height: number, exifBytes = 1_000): Blob {
  const exif = new Uint8Array(4 + exifBytes);
  exif.set([0xff, 0xe1, (exifBytes + 2) >> 8, (exifBytes + 2) & 0xff]);
  const frame = new Uint8Array(19);
  frame.set([0xff, 0xc2, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03]);
  return new Blob([new Uint8Array([0xff, 0xd8]), exif, new Uint8Array([0xff]), frame]);
}
