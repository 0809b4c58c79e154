import { IMAGE_EXTENSIONS } from '@portal/shared/constants/profile';

/** What a file's first bytes say it is. Width and height are read when asked for and the header has them. */
export interface ImageInfo {
  format: 'jpeg' | 'png';
  width: number | null;
  height: number | null;
}

/** The `accept` of every picture input: the types the spec allows (jpg, jpeg, png). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** JPEG headers (EXIF, ICC profiles) before the frame header fit in this much of a camera photo. */
const JPEG_HEADER_BYTES = 512 * 1024;

export function hasImageExtension(name: string): boolean {
  const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return name.includes('.') && (IMAGE_EXTENSIONS as readonly string[]).includes(extension);
}

/**
 * A JPG, JPEG or PNG by its name *and* by its content: a renamed PDF or HEIC photo is refused before it is
 * decoded or sent. Returns null when either says it is something else.
 */
export async function readImageFile(
  file: File,
  { dimensions = false }: { dimensions?: boolean } = {},
): Promise<ImageInfo | null> {
  if (!hasImageExtension(file.name)) return null;
  return sniffImage(file, { dimensions });
}

/** Reads the magic number (and, if asked, the pixel size from the PNG or JPEG header). */
export async function sniffImage(
  blob: Blob,
  { dimensions = false }: { dimensions?: boolean } = {},
): Promise<ImageInfo | null> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await blob.slice(0, dimensions ? JPEG_HEADER_BYTES : 16).arrayBuffer());
  } catch {
    return null;
  }
  if (PNG_SIGNATURE.every((byte, index) => bytes[index] === byte)) {
    const size = dimensions && bytes.length >= 24 ? pngSize(bytes) : null;
    return { format: 'png', width: size?.width ?? null, height: size?.height ?? null };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = dimensions ? jpegSize(bytes) : null;
    return { format: 'jpeg', width: size?.width ?? null, height: size?.height ?? null };
  }
  return null;
}

function pngSize(bytes: Uint8Array) {
  // The IHDR chunk comes first: width and height are big-endian 32-bit numbers at bytes 16 and 20.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2; // markers without a length
      continue;
    }
    // Start of frame (SOF0…SOF15, except DHT, JPG and DAC, which share the range): height then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}
