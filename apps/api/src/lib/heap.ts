import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it starts the
 * next one: 100 % (a factor of 2) instead of V8's own factor, which it derives from how fast it has been
 * collecting. Under admission-day load (bench/admission-day.ts) V8's factor left about 23 MB of room above a
 * 55 MB heap, and with every upload's buffers and the requests in flight it started marking again at once:
 * about one full collection a second per instance, ≈ 70 ms of CPU a journey on its threads and the main one.
 * With the fixed factor a full collection came every 4–5 seconds and the instances' CPU per journey fell from
 * ≈ 480 to ≈ 410 ms; the heap's ceiling rises to about twice the live heap (≈ 110 MB here). Decision 0028.
 *
 * V8 reads this flag each time it sets the next limit, so it takes effect when set at start, before load.
 */
export const HEAP_GROWING_PERCENT = 100;

export function tuneGarbageCollector(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
