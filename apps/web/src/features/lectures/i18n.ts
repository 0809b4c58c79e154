import { learning } from '@portal/shared/locales/en.json';
import { defineArea } from '@/lib/i18n';

/**
 * The lecture screens' texts live in the `learning` area, under `learning.lectures` (decision 0029). A feature
 * never imports another, so this registers the same area as `features/learning/i18n.ts` does (registering it
 * twice loads the same texts again, nothing more).
 */
export const { t, useT } = defineArea('learning', learning);
