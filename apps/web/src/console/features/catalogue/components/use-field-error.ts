import { useMessageText } from '@/lib/i18n';

/** A form check's message in the page's language, or nothing when the field passed. */
export function useFieldError() {
  const tm = useMessageText();
  return (message: string | undefined) => (message ? tm(message) : undefined);
}
