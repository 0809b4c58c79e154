import { DetailedError } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { uploadFailure } from './upload-video';

const response = (body: string) =>
  ({ getStatus: () => 415, getHeader: () => undefined, getBody: () => body, getUnderlyingObject: () => null }) as never;

describe('the server’s reason for a refused upload', () => {
  it('is the JSON message of the refusal', () => {
    const error = new DetailedError('refused', undefined, undefined, response(JSON.stringify({ success: false, message: messages.videoNotVideo })));
    expect(uploadFailure(error)).toBe(messages.videoNotVideo);
  });

  it('is tus’s own text when it is not JSON, and the generic sentence when there is no answer', () => {
    expect(uploadFailure(new DetailedError('x', undefined, undefined, response('Upload-Offset conflict\n')))).toBe(
      'Upload-Offset conflict',
    );
    expect(uploadFailure(new Error('offline'))).toBe(messages.serverError);
  });
});
