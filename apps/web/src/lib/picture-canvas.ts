/**
 * Pictures redrawn in the browser before they are sent: the profile photo as its 400 × 400 square
 * (features/profile/utils/square-photo.ts), a camera document at the size it is stored
 * (features/documents/utils/document-picture.ts). A phone's camera picture is several megabytes; what the
 * server keeps of it is a few hundred kilobytes, and a student on a slow connection pays for every byte sent.
 */

type Drawable = ImageBitmap | HTMLImageElement;

export interface DecodedPicture {
  image: Drawable;
  width: number;
  height: number;
  release: () => void;
}

/** Decodes a picture, upright (createImageBitmap and <img> apply its EXIF orientation). Throws if it cannot. */
export async function decodePicture(file: Blob): Promise<DecodedPicture> {
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

/** A part of a picture, in its pixels. */
export interface SourceArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * `area` of the picture drawn at width × height on white (JPEG has no transparency: a transparent PNG gets the
 * white the server flattens it on too), smoothed, and encoded as a JPEG at `quality`.
 */
export async function drawJpeg(
  image: Drawable,
  area: SourceArea,
  size: { width: number; height: number },
  quality: number,
): Promise<Blob> {
  const type = 'image/jpeg';
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    paint(canvas.getContext('2d'), image, area, size);
    return canvas.convertToBlob({ type, quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  paint(canvas.getContext('2d'), image, area, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No JPEG encoder'))), type, quality),
  );
}

function paint(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  image: Drawable,
  area: SourceArea,
  size: { width: number; height: number },
) {
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
}
