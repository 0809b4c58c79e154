import { messages } from '@portal/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';

interface FailurePanelProps {
  error: unknown;
  onRetry: () => void;
  /** A retry is in flight. */
  retrying?: boolean;
}

/** A learning call failed: the server's message (or the generic one) and a Retry button. */
export function FailurePanel({ error, onRetry, retrying = false }: FailurePanelProps) {
  return (
    <div className="learning-failure">
      <Alert tone="error">{failureMessage(error, { network: messages.learningFailure })}</Alert>
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
