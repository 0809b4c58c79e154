import { messages } from '@portal/shared/messages';
import { failureMessage } from '@/lib/api-client';
import { cx } from '@/lib/class-names';
import { useCommonT } from '@/lib/i18n';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import './failure-panel.css';

export interface FailurePanelProps {
  error: unknown;
  onRetry: () => void;
  /** The button's words: the spec says Reload on the fee pages and Retry (the default) elsewhere. */
  retryLabel?: string;
  /** Said when the request never got an answer (or the server gave no message of its own). */
  networkMessage?: string;
  /** A retry is in flight. */
  retrying?: boolean;
  className?: string;
}

/**
 * The one failure panel of the web app: a call failed, so its message (the server's sentence, or the spec's
 * generic one when the request was lost) and a way to try again.
 */
export function FailurePanel({
  error,
  onRetry,
  retryLabel,
  networkMessage = messages.serverError,
  retrying = false,
  className,
}: FailurePanelProps) {
  // The failure's sentence follows the language too (failureMessage): this renders again when it changes.
  const t = useCommonT();
  return (
    <div className={cx('failure-panel', className)}>
      <Alert tone="error">{failureMessage(error, { network: networkMessage })}</Alert>
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        {retryLabel ?? t('ui.retry')}
      </Button>
    </div>
  );
}

/** What `QueryFailure` reads of a failed query (a TanStack Query result fits). */
export interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The failure panel of a query that failed: its error, and a retry that fetches it again. */
export function QueryFailure({
  query,
  ...props
}: { query: FailedQuery } & Pick<FailurePanelProps, 'networkMessage' | 'retryLabel' | 'className'>) {
  return (
    <FailurePanel
      {...props}
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}
