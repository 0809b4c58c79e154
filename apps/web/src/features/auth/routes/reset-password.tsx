import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { resetPasswordFormSchema } from '@portal/shared/schemas/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';
import '../components/auth.css';

/** After a successful reset, sign-in opens by itself after this delay (spec section 8). */
const REDIRECT_DELAY_MS = 2000;

export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(({ password }) => reset.mutate({ token, password }));

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => void navigate('/', { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  return (
    <Card title="Reset password" intro="Choose a new password of at least 8 characters.">
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {reset.isSuccess ? <Alert tone="success">{messages.resetSuccess}</Alert> : null}
        {reset.isError ? (
          <Alert tone="error">{failureMessage(reset.error, { network: messages.resetNetworkFailure })}</Alert>
        ) : null}
        <Button type="submit" block loading={reset.isPending} disabled={reset.isSuccess}>
          Reset password
        </Button>
      </form>
      <p className="auth-footer">
        <Link to="/">Back to sign in</Link>
      </p>
    </Card>
  );
}
