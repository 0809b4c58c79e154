import { z } from 'zod';

/** Every answer of API.md: `success`, a `message` a person can read, and the call's own fields. */
export const envelopeSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  errorCode: z.string().optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export const messageAnswerSchema = envelopeSchema.extend({ message: z.string() });
