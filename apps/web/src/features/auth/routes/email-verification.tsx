import { messages } from '@portal/shared/messages';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useVerifyEmail } from '../api/verify-email';
import '../components/auth.css';

export function EmailVerificationRoute() {
  const { emailVerificationToken = '' } = useParams();
  const verification = useVerifyEmail(emailVerificationToken);

  return (
    <Card title="E-mail verification">
      {verification.isPending ? <Spinner size="large" label="Verifying your e-mail" /> : null}
      {verification.isSuccess ? (
        <>
          <Alert tone="success">{messages.verifySuccess}</Alert>
          <Link to="/" className="auth-cta">
            Login
          </Link>
        </>
      ) : null}
      {verification.isError ? <Alert tone="error">{messages.verifyFailure}</Alert> : null}
    </Card>
  );
}
