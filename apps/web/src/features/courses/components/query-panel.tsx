import { messages } from '@portal/shared/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useMessageText } from '@/lib/i18n';

interface QueryPanelProps<T> {
  query: UseQueryResult<T>;
  /** Announced while the answer is on its way. */
  label: string;
  /** Something else the content needs is still on its way. */
  waiting?: boolean;
  /**
   * Said when the call got no answer, in the page's language already: the course calls' sentence unless the
   * spec gives another.
   */
  networkMessage?: string;
  children: (data: T) => ReactNode;
}

/** A section's content once its call has answered: its shape before, the message and Retry on failure. */
export function QueryPanel<T>({
  query,
  label,
  waiting = false,
  networkMessage,
  children,
}: QueryPanelProps<T>) {
  const tm = useMessageText();
  if (query.isPending || (waiting && !query.isError)) {
    return <Skeleton lines={4} block label={label} />;
  }
  if (query.isError) {
    return (
      <QueryFailure
        query={query}
        networkMessage={networkMessage ?? tm(messages.coursesFailure, 'coursesFailure')}
      />
    );
  }
  return <>{children(query.data)}</>;
}
