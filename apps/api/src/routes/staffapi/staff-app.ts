import type { StaffRoutesPlugin } from '../../plugins/staff-guard';

/** The app a staff routes plugin registers on: under the staff guard, with the zod type provider. */
export type StaffApp = Parameters<StaffRoutesPlugin>[0];
