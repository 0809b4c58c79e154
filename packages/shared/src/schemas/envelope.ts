import { z } from './zod';

/** Every answer of API.md: `success`, a `message` a person can read, and the call's own fields. */
/**
 * What the server adds beside every answer's `message` (decision 0029): in every answer schema that has a
 * `message`, or the answer's validation would drop them.
 */
export const messageCodeFields = {
  /** The stable name of `message` (a key of `@portal/shared/messages`), so a client can show it in its language. */
  code: z.optional(z.string()),
  /** The values filled into `message`'s template, by name. */
  params: z.optional(z.record(z.string(), z.string())),
};

export const envelopeSchema = z.object({
  success: z.boolean(),
  message: z.optional(z.string()),
  errors: z.optional(z.record(z.string(), z.string())),
  errorCode: z.optional(z.string()),
  ...messageCodeFields,
});
export type Envelope = z.infer<typeof envelopeSchema>;

export const messageAnswerSchema = z.extend(envelopeSchema, { message: z.string() });

/** A call that answers nothing but `success` (the captcha check). */
export const successAnswerSchema = z.object({ success: z.boolean() });

/**
 * Every refusal (4xx and 5xx): the sentence to show and, depending on the call, the field messages of a
 * validation failure and the sign-up `errorCode` (API.md). `err` is kept from the spec's answer shape.
 */
export const errorAnswerSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.optional(z.record(z.string(), z.string())),
  errorCode: z.optional(z.string()),
  err: z.optional(z.string()),
  ...messageCodeFields,
});
export type ErrorAnswer = z.infer<typeof errorAnswerSchema>;

/** The body of a student call that needs nothing but the session (the token may also travel in the body). */
export const sessionOnlyRequestSchema = z.optional(z.strictObject({ databaseToken: z.optional(z.string()) }));
