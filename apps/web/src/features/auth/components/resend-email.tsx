import { messages } from '@portal/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { useResendVerificationEmail } from '../api/resend-verification-email';

/** The 'Resend Email' action offered when an address is registered but not verified. */
export function ResendEmail({ email }: { email: string }) {
  const { state, isPending, run } = useResendVerificationEmail();

  if (state.status === 'success') return <Alert tone="success">{messages.resendSuccess}</Alert>;
  return (
    <div className="auth-inline">
      <Button variant="link" loading={isPending} onClick={() => run(email)}>
        Resend Email
      </Button>
      {state.status === 'error' && !isPending ? (
        <Alert tone="error">{failureMessage(state.error, { network: messages.resendNetworkFailure })}</Alert>
      ) : null}
    </div>
  );
}
