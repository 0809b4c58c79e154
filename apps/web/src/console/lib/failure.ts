import { messages } from '@portal/shared/messages';
import { useMessageText } from '@/lib/i18n';
import { useFailureMessage } from '@/lib/use-failure-message';

/**
 * The sentence a console screen shows for a failed call, in the language shown: the server's message through
 * its code, or the spec's generic sentence when the request never got an answer.
 */
export function useFailureText() {
  const failure = useFailureMessage();
  return (error: unknown, network: string = messages.serverError) => failure(error, { network });
}

/** What an answer carries to show itself: its `message`, with its `code` and `params` when the server sent them. */
interface Answered {
  message?: string | undefined;
  code?: string | undefined;
  params?: Record<string, string> | undefined;
}

/** An answer's own sentence (a save's "… saved"), in the language shown. */
export function useAnswerText() {
  const tm = useMessageText();
  return (answer: Answered) => (answer.message ? tm(answer.message, answer.code, answer.params) : '');
}
