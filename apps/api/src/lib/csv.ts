import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { CsvError, parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import { formatMessage, messages } from '@portal/shared/messages';
import { HttpError, badRequest } from './http-error';
import { multipartError } from './multipart';

/*
 * Staff CSV files: uploads parsed as a stream by csv-parse with the line number of every row, and downloads
 * written by csv-stringify with every cell neutralised against formula injection.
 */

export interface CsvColumn<K extends string> {
  key: K;
  /** The header names accepted for it, compared without case, spaces, underscores or hyphens. */
  names: readonly string[];
}

export interface CsvRecord<K extends string> {
  /** The file's line where the row ends (the header is line 1). */
  line: number;
  cells: Record<K, string>;
}

/** A refusal naming the line of the file, the whole file refused (`Line 3: …`). */
export function csvMalformed(line: number, problem: string): HttpError {
  return badRequest(formatMessage(messages.csvMalformed, { line, problem }), { line });
}

const headerKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * Refuses what is not text before csv-parse sees it: NUL bytes (images, spreadsheets saved in a binary
 * format) and bytes that are not UTF-8. Counts the bytes too, so a file one byte over the limit is refused
 * without reading further.
 */
class TextGuard extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return done(new HttpError(413, messages.csvTooLarge));
    if (chunk.includes(0)) return done(badRequest(messages.csvNotText));
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      return done(badRequest(messages.csvNotText));
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    try {
      this.decoder.decode();
    } catch {
      return done(badRequest(messages.csvNotText));
    }
    done();
  }
}

function problemOf(error: CsvError): string {
  switch (error.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return 'the row does not have the same number of columns as the header';
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell is not closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'a quote inside a cell must be doubled ("")';
    default:
      return error.message;
  }
}

/** csv-parse's refusals as `Line <n>: <problem>`; anything else as it is. */
function csvRefusal(error: unknown): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = (error as CsvError & { lines?: number }).lines ?? 1;
  return csvMalformed(line, problemOf(error));
}

/**
 * Parses a CSV stream with a header row naming `columns` (in any order, each once, no others) and yields its
 * rows with their line numbers as they arrive, so a caller can work through a large file in batches with
 * flat memory. A malformed file is refused naming its first bad line; a file without rows with `csvEmpty`.
 */
export async function* csvRecords<K extends string>(
  source: Readable,
  columns: readonly CsvColumn<K>[],
  maxBytes: number,
  options: { optionalHeader?: boolean } = {},
): AsyncGenerator<CsvRecord<K>> {
  const parser = parse({
    bom: true,
    trim: true,
    skip_empty_lines: true,
    info: true,
    max_record_size: 64 * 1024,
  });
  const piped = new Promise<void>((resolve, reject) =>
    pipeline(source, new TextGuard(maxBytes), parser, (error) => (error ? reject(error) : resolve())),
  );
  // A failure of the guard reaches the loop below through the parser; this only keeps it from going unheard.
  piped.catch(() => undefined);
  let order: K[] | undefined;
  let count = 0;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const { record, info } = item;
      if (!order) {
        // A file whose first row names none of the columns has no header: its columns are in their order.
        const headerless =
          options.optionalHeader === true && !record.some((name) => columnOf(name, columns) !== undefined);
        order = headerless ? columns.map((column) => column.key) : headerOrder(record, columns, info.lines);
        if (!headerless) continue;
      }
      const cells = {} as Record<K, string>;
      order.forEach((key, index) => (cells[key] = record[index] ?? ''));
      count += 1;
      yield { line: info.lines, cells };
    }
    await piped;
  } catch (error) {
    throw csvRefusal(error);
  }
  if (count === 0) throw badRequest(messages.csvEmpty);
}

function columnOf<K extends string>(name: string, columns: readonly CsvColumn<K>[]) {
  return columns.find((candidate) => candidate.names.some((n) => headerKey(n) === headerKey(name)));
}

function headerOrder<K extends string>(
  header: string[],
  columns: readonly CsvColumn<K>[],
  line: number,
): K[] {
  const expected = columns.map((column) => column.names[0]).join(', ');
  const order = header.map((name) => {
    const column = columnOf(name, columns);
    if (!column) throw csvMalformed(line, `unknown column "${name}"; the columns are ${expected}`);
    return column.key;
  });
  const missing = columns.filter((column) => !order.includes(column.key));
  if (missing.length > 0)
    throw csvMalformed(
      line,
      `missing column ${missing.map((c) => c.names[0]).join(', ')}; the columns are ${expected}`,
    );
  if (new Set(order).size !== order.length)
    throw csvMalformed(line, `a column is named twice; the columns are ${expected}`);
  return order;
}

/**
 * Reads a staff upload's multipart body: one `file` part whose rows `consume` takes while they arrive (never
 * buffered whole), and the named text fields. Over `maxBytes` is 413; no file is `csvEmpty`.
 */
export async function consumeCsvUpload<K extends string, F extends string, T>(
  request: FastifyRequest,
  spec: {
    columns: readonly CsvColumn<K>[];
    fields: readonly F[];
    maxBytes: number;
    /** The header row may be left out (a file of one column: e-mails, say). */
    optionalHeader?: boolean;
  },
  consume: (records: AsyncGenerator<CsvRecord<K>>, fileName: string) => Promise<T>,
): Promise<{ result: T; fields: Partial<Record<F, string>> }> {
  if (!request.isMultipart()) throw new HttpError(415, messages.multipartRequired);
  const fields: Partial<Record<F, string>> = {};
  let consumed: { result: T } | undefined;
  try {
    for await (const part of request.parts({
      // One byte over the limit is enough to know (the guard counts and refuses it).
      limits: { fileSize: spec.maxBytes + 1, files: 1, fields: spec.fields.length, fieldSize: 1024 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`Unexpected file "${part.fieldname}": this call takes file`);
        }
        consumed = {
          result: await consume(
            csvRecords(part.file, spec.columns, spec.maxBytes, {
              optionalHeader: spec.optionalHeader ?? false,
            }),
            part.filename,
          ),
        };
      } else if ((spec.fields as readonly string[]).includes(part.fieldname)) {
        if (typeof part.value !== 'string') throw badRequest(messages.invalidInput);
        fields[part.fieldname as F] = part.value;
      }
    }
  } catch (error) {
    throw multipartError(error, { files: ['file'], tooLarge: messages.csvTooLarge });
  }
  if (!consumed) throw badRequest(messages.csvEmpty);
  return { result: consumed.result, fields };
}

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP "CSV injection"). */
const formulaStart = /^[=+\-@\t\r]/;

/** A cell as written: text a spreadsheet could read as a formula is prefixed with `'`, so it stays text. */
export function neutralise(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return formulaStart.test(text) ? `'${text}` : text;
}

/**
 * A CSV download: the header, then the rows `source` yields (pulled only as fast as the client reads),
 * every cell neutralised. Errors of `source` end the stream (and are told to `onError`).
 */
export function csvStream<Row>(
  columns: readonly { header: string; value: (row: Row) => string | number | boolean | null | undefined }[],
  source: AsyncIterable<Row>,
  onError: (error: Error) => void,
): Readable {
  const stringifier = stringify({ header: true, columns: columns.map((column) => column.header) });
  const rows = Readable.from(
    (async function* () {
      for await (const row of source) yield columns.map((column) => neutralise(column.value(row)));
    })(),
  );
  pipeline(rows, stringifier, (error) => {
    if (error) onError(error);
  });
  return stringifier;
}

/**
 * Every row of a keyset-paged query, a page of `size` at a time as the reader takes them (the exports):
 * `page(after)` answers the rows after the key `after` (from the first without it), in order.
 */
export async function* keysetRows<Row, Key>(
  page: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const rows = await page(after);
    yield* rows;
    if (rows.length < size) return;
    after = keyOf(rows.at(-1)!);
  }
}
