import { messages } from '@portal/shared/messages';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useMessageText } from '@/lib/i18n';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { useT } from '@/features/auth/i18n';
import '@/features/auth/components/auth.css';

export function EmailVerificationRoute() {
  const { emailVerificationToken = '' } = useParams();
  const t = useT();
  const tm = useMessageText();
  const verification = useVerifyEmail(emailVerificationToken);

  return (
    <Card title={t('emailVerification.title')}>
      {verification.isPending ? <Spinner size="large" label={t('emailVerification.verifying')} /> : null}
      {verification.isSuccess ? (
        <>
          <Alert tone="success">{tm(messages.verifySuccess, 'verifySuccess')}</Alert>
          <Link to="/" className="auth-cta">
            {t('emailVerification.login')}
          </Link>
        </>
      ) : null}
      {verification.isError ? (
        <Alert tone="error">{tm(messages.verifyFailure, 'verifyFailure')}</Alert>
      ) : null}
    </Card>
  );
}
