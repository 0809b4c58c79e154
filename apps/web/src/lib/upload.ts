import { requestOf, type CallAnswer, type CallInput, type CallShape } from '@portal/shared/calls/call';
import { NetworkError, readAnswer, type AnswerSchema } from './api-client';
import { getSession } from './session';

/*
 * Kept apart from api-client (which the sign-in page downloads first): only the upload screens load this.
 */

export interface UploadOptions {
  /** The share of the body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal | undefined;
  /** false: never send the student's token (the staff console's uploads go with the staff cookie). */
  withStudentToken?: boolean;
}

/**
 * Makes a multipart call of the table (packages/shared/src/calls) with upload progress: the form's fields
 * are the call's own (files as File, the rest as strings), in the order given.
 */
export function uploadCall<C extends CallShape>(
  call: C,
  input: CallInput<C>,
  options: UploadOptions = {},
): Promise<CallAnswer<C>> {
  const { url, form } = requestOf(call, input);
  return upload(url, formDataOf(form ?? {}), call.answer as AnswerSchema<CallAnswer<C>>, options);
}

/** A call's form as multipart fields, in the order given (a field left undefined is not sent). */
export function formDataOf(form: Record<string, string | Blob | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) if (value !== undefined) data.append(name, value);
  return data;
}

/**
 * POST multipart/form-data with upload progress. fetch() cannot report how much of a body has been sent,
 * so this one call goes through XMLHttpRequest; its answer is read as every other call's is (readAnswer).
 */
export function upload<T>(
  path: string,
  form: FormData,
  schema: AnswerSchema<T>,
  options: UploadOptions = {},
): Promise<T> {
  const token = options.withStudentToken === false ? undefined : getSession().student?.databaseToken;
  const { onProgress, signal } = options;

  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const stopListening = () => signal?.removeEventListener('abort', abort);
    function abort() {
      xhr.abort();
    }

    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      stopListening();
      try {
        resolve(readAnswer(xhr.status, parseJson(xhr.responseText), schema, Boolean(token)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => {
      stopListening();
      reject(new NetworkError('The upload got no answer'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      stopListening();
      reject(abortError());
    };
    signal?.addEventListener('abort', abort);
    xhr.send(form);
  });
}

function abortError() {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
