import { findNumber, type PowChallenge } from './proof-of-work';

/*
 * The proof of work runs here, off the main thread, so that the form stays responsive. A module worker from
 * the same origin: the Content-Security-Policy allows no blob: workers.
 */

export type WorkerRequest = PowChallenge;
export type WorkerMessage =
  { type: 'progress'; percent: number } | { type: 'solved'; number: number } | { type: 'failed' };

// The app is compiled with the DOM library; the few members of a worker's global scope it uses:
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerMessage): void;
};

scope.onmessage = (event) => {
  findNumber(event.data, { onProgress: (percent) => scope.postMessage({ type: 'progress', percent }) }).then(
    (number) => scope.postMessage(number === null ? { type: 'failed' } : { type: 'solved', number }),
    () => scope.postMessage({ type: 'failed' }),
  );
};
