import { PROFILE_IMAGE_SIDE } from '@portal/shared/constants/profile';
import { decodePicture, drawJpeg } from '@/lib/picture-canvas';

export interface SquareCrop {
  x: number;
  y: number;
  side: number;
}

/** The largest square in the middle of a width × height picture (spec: crop aspect ratio 1). */
export function centredSquare(width: number, height: number): SquareCrop {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

export interface SquareJpegOptions {
  side?: number;
  quality?: number;
}

/**
 * The photo as it is sent: cropped to a centred square and drawn at side × side as a JPEG, so that a camera
 * photo of a few megabytes travels as a few tens of kilobytes. Throws if the browser cannot decode it.
 */
export async function toSquareJpeg(
  file: Blob,
  { side = PROFILE_IMAGE_SIDE, quality = 0.85 }: SquareJpegOptions = {},
): Promise<File> {
  const { image, width, height, release } = await decodePicture(file);
  try {
    const crop = centredSquare(width, height);
    if (crop.side === 0) throw new Error('The picture has no pixels');
    const area = { x: crop.x, y: crop.y, width: crop.side, height: crop.side };
    const blob = await drawJpeg(image, area, { width: side, height: side }, quality);
    return new File([blob], 'photo.jpg', { type: 'image/jpeg' });
  } finally {
    release();
  }
}
