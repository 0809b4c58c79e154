import { ApiError, failureMessage } from '../../../lib/api-client';
import { useMessageText } from '../../../lib/i18n';

/**
 * `failureMessage` in the language shown: a refused call's sentence through its `code` and `params`, the
 * spec's own sentence (network, fallback) found by its English text.
 */
export function useFailureText() {
  const tm = useMessageText();
  return (error: unknown, texts: { network: string; fallback?: string }): string =>
    error instanceof ApiError && error.message
      ? tm(error.message, error.code, error.params)
      : tm(failureMessage(error, texts));
}
