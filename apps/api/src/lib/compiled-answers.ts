import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

type Write = (data: unknown) => string;

/**
 * Keywords the writer goes without: those that only describe or check a value, and `required`, `default`
 * and `format`, which would make fast-json-stringify write otherwise than zod and JSON.stringify (below).
 */
const dropped = new Set([
  '$schema',
  'description',
  'title',
  'examples',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'propertyNames',
  'required',
  'default',
  'format',
]);

/**
 * The JSON Schema made fit for fast-json-stringify to write exactly what zod's encode and JSON.stringify
 * write for a valid answer, or undefined where that cannot be promised:
 * - `required` goes: fast-json-stringify writes required keys first, zod and JSON.stringify write the keys
 *   in the schema's order; without it every key is written in order where it is not undefined, as
 *   JSON.stringify does (the checked road finds the missing ones);
 * - `default` goes (zod's encode does not fill one in), and `format` (fast-json-stringify would turn a
 *   date string into a Date first);
 * - a value that may be null is one node of several types, not a choice fast-json-stringify would make by
 *   validating each branch;
 * - any other choice (`anyOf`, `oneOf`, `allOf`, `not`, `if`) and any keyword not known here: undefined.
 */
function writable(node: unknown): unknown {
  if (typeof node !== 'object' || node === null) return undefined;
  const schema = node as Record<string, unknown>;
  const choice = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choice)) {
    const others = choice.filter((branch) => !isNullType(branch));
    if (choice.length !== 2 || others.length !== 1 || Object.keys(schema).length !== 1) return undefined;
    const other = writable(others[0]) as Record<string, unknown> | undefined;
    if (typeof other?.type !== 'string') return undefined;
    return { ...other, type: [other.type, 'null'] };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (dropped.has(key)) continue;
    if (key === 'type') out.type = value;
    else if (key === 'properties' || key === 'definitions') {
      const children: Record<string, unknown> = {};
      for (const [name, child] of Object.entries(value as Record<string, unknown>)) {
        const prepared = writable(child);
        if (prepared === undefined) return undefined;
        children[name] = prepared;
      }
      out[key] = children;
    } else if (key === 'items' || (key === 'additionalProperties' && typeof value === 'object')) {
      const prepared = writable(value);
      if (prepared === undefined) return undefined;
      out[key] = prepared;
    } else if (key === 'additionalProperties' || key === '$ref') out[key] = value;
    else return undefined;
  }
  return out;
}

function isNullType(node: unknown): boolean {
  return typeof node === 'object' && node !== null && (node as { type?: unknown }).type === 'null';
}

/**
 * A writer compiled from the answer's schema (fast-json-stringify), or undefined where zod cannot put the
 * schema into JSON Schema or `writable` cannot promise the same bytes: zod writes those answers.
 */
export function compileAnswer(schema: $ZodType): Write | undefined {
  let json: unknown;
  try {
    json = toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
  } catch {
    return undefined;
  }
  const prepared = writable(json);
  return prepared === undefined ? undefined : fastJsonStringify(prepared as object);
}

/** Fastify hands the route's `response` entry over as it was given, or wrapped in `properties`. */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof $ZodType) return wrapped;
  throw new TypeError(`an answer schema must be a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * How every answer is written (decision 0060).
 *
 * - `checked: false` (production): by a writer compiled from the answer's schema, built at the route's
 *   first answer. zod's encode and JSON.stringify took 9–12 µs for getinfo's answer where the compiled one
 *   takes 1.5 µs (bench/README.md). A schema `compileAnswer` leaves alone is written by zod.
 * - `checked: true` (development and the tests): zod checks the answer against its schema first, as
 *   fastify-type-provider-zod does (an answer that breaks its schema is a 500), and the compiled writer's
 *   bytes must be the checked bytes exactly: a difference is a 500 too, so every test's answer proves the
 *   production road writes what the checked one would.
 */
export function answerSerializerCompiler({
  checked,
}: {
  checked: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const schema = zodSchemaOf(route.schema);
    let write: Write | null | undefined;
    const compiled = (): Write | null =>
      write === undefined ? (write = compileAnswer(schema) ?? null) : write;
    // The checked road is fastify-type-provider-zod's own: zod's encode, then JSON.stringify.
    const check = serializerCompiler({ ...route, schema });
    if (!checked) return (data) => (compiled() ?? check)(data);
    return (data) => {
      const bytes = check(data);
      const fast = compiled()?.(data);
      if (fast !== undefined && fast !== bytes) {
        // Where, not what: an answer may hold a session token, and this message is logged.
        let at = 0;
        while (fast[at] === bytes[at]) at++;
        throw new Error(
          `${route.method} ${route.url}: the compiled answer differs from the checked one at character ${at}`,
        );
      }
      return bytes;
    };
  };
}
