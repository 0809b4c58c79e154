import { shell } from '@portal/shared/locales/en.json';
import { defineArea } from '@/lib/i18n';

/** The signed-in shell's texts: only its lazy chunk carries them (the public pages use `common`). */
export const { t, useT } = defineArea('shell', shell);
