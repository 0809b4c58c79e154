import { messages } from '@portal/shared/messages';
import { QueryFailure, type FailedQuery } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';

interface QueryLike extends FailedQuery {
  isPending: boolean;
  isError: boolean;
}

/** A list's loading and failure states: a skeleton while the first answer is awaited, the failure panel with Retry. */
export function QueryState({ query, lines = 5 }: { query: QueryLike; lines?: number }) {
  if (query.isPending) return <Skeleton lines={lines} />;
  if (query.isError) {
    return <QueryFailure query={query} networkMessage={messages.serverError} />;
  }
  return null;
}
