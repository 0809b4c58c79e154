import { vi } from 'vitest';

/** A 2D context that records what is drawn on it, as far as lib/picture-canvas.ts uses one. */
export function fakeContext() {
  return {
    fillStyle: '',
    imageSmoothingEnabled: false,
    imageSmoothingQuality: 'low',
    fillRect: vi.fn(),
    drawImage: vi.fn(),
  };
}

/**
 * The browser's picture decoding and canvas, stubbed (undo with `vi.unstubAllGlobals()`): createImageBitmap
 * gives `bitmap`, every OffscreenCanvas made is recorded with its size, and its JPEG is `encoded` bytes long.
 */
export function stubPictureCanvas(
  bitmap: { width: number; height: number; close: () => void },
  { encoded = 1_000 }: { encoded?: number } = {},
) {
  const context = fakeContext();
  const canvases: Array<{ width: number; height: number }> = [];
  const convertToBlob = vi.fn(async () => new Blob([new Uint8Array(encoded)], { type: 'image/jpeg' }));
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => bitmap),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(width: number, height: number) {
        canvases.push({ width, height });
      }
      getContext() {
        return context;
      }
      convertToBlob = convertToBlob;
    },
  );
  return { context, canvases, convertToBlob };
}
