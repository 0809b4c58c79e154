import { DetailedError, Upload } from 'tus-js-client';
import { VIDEO_UPLOADS_PATH } from '@portal/shared/constants/learning';
import { messages } from '@portal/shared/messages';
import { videoUploadedAnswerSchema, type StaffVideo } from '@portal/shared/schemas/staff-content';

/** Waits before each retry after a dropped connection: tus-js-client resumes from the server's offset. */
export const uploadRetryDelays = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export interface UploadHandlers {
  onProgress: (sent: number, total: number) => void;
  onDone: (video: StaffVideo) => void;
  onFailed: (message: string) => void;
}

/** The server's sentence from a refused tus request (its JSON `message`), or a generic one. */
export function uploadFailure(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // Not JSON: tus's own plain-text answers.
    }
    const text = error.originalResponse.getBody().trim();
    if (text) return text;
  }
  return messages.serverError;
}

/**
 * Uploads a lecture video with tus-js-client: one upload resumable across dropped connections (retryDelays)
 * and page reloads (the fingerprint in localStorage, findPreviousUploads). Answers a function that stops it.
 */
export function uploadVideo(file: File, handlers: UploadHandlers): () => void {
  const upload = new Upload(file, {
    // The staff cookie rides along (same origin, under /staffapi); decision 0024.
    endpoint: VIDEO_UPLOADS_PATH,
    retryDelays: uploadRetryDelays,
    metadata: { filename: file.name, filetype: file.type },
    removeFingerprintOnSuccess: true,
    onProgress: handlers.onProgress,
    onSuccess: ({ lastResponse }) => {
      const parsed = videoUploadedAnswerSchema.safeParse(JSON.parse(lastResponse.getBody() || 'null'));
      if (parsed.success) handlers.onDone(parsed.data.data);
      else handlers.onFailed(messages.serverError);
    },
    onError: (error) => handlers.onFailed(uploadFailure(error)),
  });
  void upload.findPreviousUploads().then((previous) => {
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  return () => void upload.abort();
}
