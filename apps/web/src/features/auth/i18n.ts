import { auth } from '@portal/shared/locales/en.json';
import { defineArea } from '@/lib/i18n';

export const { t, useT } = defineArea('auth', auth);
