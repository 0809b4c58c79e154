import { messages } from '@portal/shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/api-client';
import { useResendVerificationEmail } from '../api/resend-verification-email';

/** The 'Resend Email' action offered when an address is registered but not verified. */
export function ResendEmail({ email }: { email: string }) {
  const resend = useResendVerificationEmail();

  if (resend.isSuccess) return <Alert tone="success">{messages.resendSuccess}</Alert>;
  return (
    <div className="auth-inline">
      <Button variant="link" loading={resend.isPending} onClick={() => resend.mutate(email)}>
        Resend Email
      </Button>
      {resend.isError ? (
        <Alert tone="error">{failureMessage(resend.error, { network: messages.resendNetworkFailure })}</Alert>
      ) : null}
    </div>
  );
}
