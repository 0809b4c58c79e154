import { messages } from '@portal/shared/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useResendVerificationEmail } from '@/features/auth/api/resend-verification-email';
import { useT } from '@/features/auth/i18n';

/** The 'Resend Email' action offered when an address is registered but not verified. */
export function ResendEmail({ email }: { email: string }) {
  const t = useT();
  const tm = useMessageText();
  const { state, isPending, run } = useResendVerificationEmail();

  if (state.status === 'success')
    return <Alert tone="success">{tm(messages.resendSuccess, 'resendSuccess')}</Alert>;
  return (
    <div className="auth-inline">
      <Button variant="link" loading={isPending} onClick={() => run(email)}>
        {t('resendEmail')}
      </Button>
      {state.status === 'error' && !isPending ? (
        <Alert tone="error">{failureMessage(state.error, { network: messages.resendNetworkFailure })}</Alert>
      ) : null}
    </div>
  );
}
