import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { messages } from '@portal/shared/messages';
import { HttpError, badRequest } from './http-error';
import { isStorableText, unstorableInput } from './text';

export interface MultipartSpec<F extends string, V extends string> {
  files: readonly F[];
  fields: readonly V[];
  maxFileBytes: number;
  /** The message when a file is over maxFileBytes. */
  tooLarge: string;
}

export interface MultipartBody<F extends string, V extends string> {
  files: Partial<Record<F, Buffer>>;
  fields: Partial<Record<V | 'databaseToken', string>>;
}

/**
 * Reads a multipart body within strict limits: only the named file parts (each once), only the named
 * fields, files buffered up to maxFileBytes. Anything else is refused before the call does any work.
 */
export async function readMultipart<F extends string, V extends string>(
  request: FastifyRequest,
  spec: MultipartSpec<F, V>,
): Promise<MultipartBody<F, V>> {
  if (!request.isMultipart()) throw new HttpError(415, messages.multipartRequired);
  const files: Partial<Record<F, Buffer>> = {};
  const fields: Partial<Record<V | 'databaseToken', string>> = {};
  const fieldNames = new Set<string>([...spec.fields, 'databaseToken']);
  try {
    for await (const part of request.parts({
      limits: {
        fileSize: spec.maxFileBytes,
        files: spec.files.length,
        fields: fieldNames.size,
        fieldSize: 16 * 1024,
        parts: spec.files.length + fieldNames.size,
      },
    })) {
      if (part.type === 'file') {
        const name = part.fieldname as F;
        if (!spec.files.includes(name) || files[name]) {
          part.file.resume();
          throw badRequest(`Unexpected file "${part.fieldname}": this call takes ${spec.files.join(', ')}`);
        }
        const buffer = await part.toBuffer();
        if (buffer.length > 0) files[name] = buffer;
      } else if (fieldNames.has(part.fieldname)) {
        if (typeof part.value !== 'string') throw badRequest(messages.invalidInput);
        // The JSON guard (plugins/input-guard.ts) never sees these: a multipart body is read here.
        if (!isStorableText(part.value)) throw unstorableInput(request, part.fieldname);
        fields[part.fieldname as V] = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error, spec);
  }
  return { files, fields };
}

/** A multipart read's failure as the client's refusal (413, 415 or 400), or the error itself when it is not one. */
export function multipartError(
  error: unknown,
  spec: { files: readonly string[]; tooLarge: string },
): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, spec.tooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest(`Too many files: this call takes ${spec.files.join(', ')}`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(messages.invalidInput);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, messages.multipartRequired);
    default:
      // A malformed or cut-off body is the client's fault, never a 500.
      if (error instanceof Error && /multipart|boundary|unexpected end|terminated/i.test(error.message)) {
        return badRequest(messages.invalidInput);
      }
      return error;
  }
}
