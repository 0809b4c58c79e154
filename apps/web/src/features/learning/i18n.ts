import { learning } from '@portal/shared/locales/en.json';
import { defineArea } from '@/lib/i18n';

/** The texts of the learning screens and, under `lectures`, of the online-lecture screens (decision 0029). */
export const { t, useT } = defineArea('learning', learning);
