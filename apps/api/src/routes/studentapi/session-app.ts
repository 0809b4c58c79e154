import type { SessionRoutesPlugin } from '../../plugins/session-guard';

/** The app a student routes plugin registers on: under the session guard, with the zod type provider. */
export type SessionApp = Parameters<SessionRoutesPlugin>[0];
