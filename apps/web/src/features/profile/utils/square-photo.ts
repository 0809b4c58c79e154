import { PROFILE_IMAGE_SIDE } from '@portal/shared/constants/profile';

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

type Drawable = ImageBitmap | HTMLImageElement;

/**
 * The photo as it is sent: cropped to a centred square and drawn at side × side as a JPEG, so that a camera
 * photo of a few megabytes travels as a few tens of kilobytes. Throws if the browser cannot decode it.
 */
export async function toSquareJpeg(
  file: Blob,
  { side = PROFILE_IMAGE_SIDE, quality = 0.85 }: SquareJpegOptions = {},
): Promise<File> {
  const { image, width, height, release } = await decode(file);
  try {
    const crop = centredSquare(width, height);
    if (crop.side === 0) throw new Error('The picture has no pixels');
    const blob = await drawSquare(image, crop, side, quality);
    return new File([blob], 'photo.jpg', { type: 'image/jpeg' });
  } finally {
    release();
  }
}

async function decode(
  file: Blob,
): Promise<{ image: Drawable; width: number; height: number; release: () => void }> {
  // createImageBitmap turns the picture upright from its EXIF orientation, as <img> does.
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { image: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  };
}

async function drawSquare(image: Drawable, crop: SquareCrop, side: number, quality: number): Promise<Blob> {
  const type = 'image/jpeg';
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(side, side);
    paint(canvas.getContext('2d'), image, crop, side);
    return canvas.convertToBlob({ type, quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  paint(canvas.getContext('2d'), image, crop, side);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No JPEG encoder'))), type, quality),
  );
}

function paint(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  image: Drawable,
  crop: SquareCrop,
  side: number,
) {
  if (!context) throw new Error('No 2D canvas');
  // JPEG has no transparency: a transparent PNG gets white, the background the photo rules ask for.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, side, side);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, crop.x, crop.y, crop.side, crop.side, 0, 0, side, side);
}
