import { messages } from '@portal/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';

/** A voucher, slot or quarter call failed: its message in an error panel with Reload (spec section 8). */
export function FailurePanel({ error, onReload }: { error: unknown; onReload: () => void }) {
  return (
    <div className="fee-failure">
      <Alert tone="error">{failureMessage(error, { network: messages.serverError })}</Alert>
      <Button variant="secondary" onClick={onReload}>
        Reload
      </Button>
    </div>
  );
}
