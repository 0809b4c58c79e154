import { z } from './zod';

/** Public settings the web app reads at start (the helpline number and support address are settings). */
export const publicSettingsSchema = z.object({
  helplineNumber: z.string(),
  supportEmail: z.string(),
  howItWorksUrl: z.string(),
  mapOrigins: z.array(z.string()),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
