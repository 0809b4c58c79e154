import { console as consoleTexts } from '@portal/shared/locales/en.json';
import { addUrduTexts, defineArea } from '@/lib/i18n';

export const { t, useT } = defineArea('console', consoleTexts);

// The console's Urdu texts are not among the student pages' (lib/urdu-texts.ts): they load with them here.
// The console's first render waits for them through startI18n (console/main.tsx), which shows its failure.
void addUrduTexts(() => import('./urdu-texts'));
