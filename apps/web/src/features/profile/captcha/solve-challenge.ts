import type { CaptchaChallenge } from '@portal/shared/schemas/profile';
import type { WorkerMessage, WorkerRequest } from './captcha-worker';

/**
 * Finds the captcha's number in a Web Worker. Its own module so that tests, which have no workers, can put
 * a stand-in in its place.
 */
export function solveChallenge(
  challenge: CaptchaChallenge,
  { onProgress, signal }: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./captcha-worker.ts', import.meta.url), { type: 'module' });
    function finish() {
      worker.terminate();
      signal?.removeEventListener('abort', cancel);
    }
    function cancel() {
      finish();
      reject(new DOMException('The captcha was abandoned', 'AbortError'));
    }
    if (signal?.aborted) {
      cancel();
      return;
    }
    signal?.addEventListener('abort', cancel);
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') {
        onProgress?.(message.percent);
        return;
      }
      finish();
      if (message.type === 'solved') resolve(message.number);
      else reject(new Error('No number solves this challenge'));
    };
    worker.onerror = () => {
      finish();
      reject(new Error('The captcha worker failed'));
    };
    const request: WorkerRequest = {
      challenge: challenge.challenge,
      salt: challenge.salt,
      maxnumber: challenge.maxnumber,
    };
    worker.postMessage(request);
  });
}
