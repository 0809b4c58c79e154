import { ApiError } from '../../../lib/api-client';
import { useMessageText } from '../../../lib/i18n';

/**
 * The sentence for a failed course call in the language shown: the server's message (by its code) when it
 * refused, else the screen's own spec message (no answer, or an answer without a message).
 */
export function useFailureText() {
  const tm = useMessageText();
  return (error: unknown, fallback: string) =>
    error instanceof ApiError && error.message ? tm(error.message, error.code, error.params) : tm(fallback);
}
