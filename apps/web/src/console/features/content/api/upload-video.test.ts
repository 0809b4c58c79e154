import { DetailedError } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { uploadFailure } from './upload-video';

/** A refusal as tus-js-client hands it over: the error with the server's answer attached. */
function refusal(body: string): DetailedError {
  const error = new DetailedError('refused');
  error.originalResponse = {
    getStatus: () => 415,
    getHeader: () => undefined,
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
  return error;
}

describe('the server’s reason for a refused upload', () => {
  it('is the JSON message of the refusal', () => {
    const error = refusal(JSON.stringify({ success: false, message: messages.videoNotVideo }));
    expect(uploadFailure(error)).toBe(messages.videoNotVideo);
  });

  it('is tus’s own text when it is not JSON, and the generic sentence when there is no answer', () => {
    expect(uploadFailure(refusal('Upload-Offset conflict\n'))).toBe('Upload-Offset conflict');
    expect(uploadFailure(new Error('offline'))).toBe(messages.serverError);
  });
});
