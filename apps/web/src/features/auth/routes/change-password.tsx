import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { changePasswordFormSchema } from '@portal/shared/schemas/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { endSession } from '@/lib/session';
import { useChangePassword } from '@/features/auth/api/change-password';
import { useT } from '@/features/auth/i18n';
import '@/features/auth/components/auth.css';

/** The server ends every session of the student on a change; sign-in follows after this delay. */
const SIGN_OUT_DELAY_MS = 500;

export function ChangePasswordRoute() {
  const t = useT();
  const tm = useMessageText();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(({ oldPassword, newPassword }) => change.mutate({ oldPassword, newPassword }));

  useEffect(() => {
    if (!change.isSuccess) return;
    // Ending the stored session lets the route guard take the person to sign-in.
    const timer = setTimeout(() => endSession('logout'), SIGN_OUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [change.isSuccess]);

  return (
    <Card title={t('changePassword.title')}>
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('changePassword.oldPassword')}
          type="password"
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
        <TextField
          label={t('changePassword.newPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label={t('changePassword.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {change.isSuccess ? (
          <Alert tone="success">{tm(messages.changeSuccess, 'changeSuccess')}</Alert>
        ) : null}
        {change.isError ? (
          <Alert tone="error">{failureMessage(change.error, { network: messages.genericFailure })}</Alert>
        ) : null}
        <Button type="submit" block loading={change.isPending} disabled={change.isSuccess}>
          {t('changePassword.submit')}
        </Button>
      </form>
    </Card>
  );
}
