import { useMemo } from 'react';
import { failureMessage } from './api-client';
import { useLocale } from './i18n';

/**
 * `failureMessage` for components: the sentence of a failed call in the language shown (a refused call's by
 * its `code` and `params`, the screen's own spec sentence otherwise), and a new function when the language
 * changes, so the alert showing it changes language too.
 */
export function useFailureMessage() {
  const locale = useLocale();
  return useMemo(() => {
    void locale;
    return (error: unknown, texts: { network: string; fallback?: string }) => failureMessage(error, texts);
  }, [locale]);
}
