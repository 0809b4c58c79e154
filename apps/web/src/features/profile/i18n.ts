import { profile } from '@portal/shared/locales/en.json';
import { defineArea } from '@/lib/i18n';

export const { t, useT } = defineArea('profile', profile);
