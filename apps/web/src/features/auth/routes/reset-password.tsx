import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { resetPasswordFormSchema } from '@portal/shared/schemas/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { useT } from '@/features/auth/i18n';
import '@/features/auth/components/auth.css';

/** After a successful reset, sign-in opens by itself after this delay (spec section 8). */
const REDIRECT_DELAY_MS = 2000;

export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const t = useT();
  const tm = useMessageText();
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
    <Card title={t('resetPassword.title')} intro={t('resetPassword.intro')}>
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('resetPassword.newPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label={t('resetPassword.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {reset.isSuccess ? <Alert tone="success">{tm(messages.resetSuccess, 'resetSuccess')}</Alert> : null}
        {reset.isError ? (
          <Alert tone="error">{failureMessage(reset.error, { network: messages.resetNetworkFailure })}</Alert>
        ) : null}
        <Button type="submit" block loading={reset.isPending} disabled={reset.isSuccess}>
          {t('resetPassword.submit')}
        </Button>
      </form>
      <p className="auth-footer">
        <Link to="/">{t('resetPassword.back')}</Link>
      </p>
    </Card>
  );
}
