import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { messages } from '@portal/shared/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { useMessageText } from '@/lib/i18n';
import { LanguageSwitch } from '@/console/components/language-switch';
import { useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { useStaffSession } from '@/console/lib/staff-session';
import { useStaffLogin, type StaffLoginForm } from '@/console/features/auth/api/login';

export function StaffSignInRoute() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const login = useStaffLogin();
  const t = useT();
  const tm = useMessageText();
  const failureText = useFailureText();
  const { register, handleSubmit, formState, trigger } = useForm<StaffLoginForm>({
    defaultValues: { email: '', password: '', code: '' },
  });
  useRecheckOnLanguage(formState.errors, trigger);
  const { errors } = formState;

  if (session.staff && !login.isPending && !login.isSuccess) return <Navigate to="/staff" replace />;

  function onSubmit(form: StaffLoginForm) {
    login.mutate(form, { onSuccess: () => void navigate('/staff', { replace: true }) });
  }

  return (
    <main className="console-centre">
      <Card title={t('auth.signIn.title')}>
        <p className="console-row">
          <LanguageSwitch />
        </p>
        {session.ended === 'expired' && !login.isError ? (
          <Alert tone="info">{tm(messages.staffSessionExpired)}</Alert>
        ) : null}
        {login.isError ? <Alert tone="error">{failureText(login.error)}</Alert> : null}
        <form className="stack" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <TextField
            label={t('auth.signIn.email')}
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...register('email', { required: t('auth.signIn.emailRequired') })}
          />
          <TextField
            label={t('auth.signIn.password')}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password', { required: t('auth.signIn.passwordRequired') })}
          />
          <TextField
            label={t('auth.signIn.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code?.message}
            {...register('code', { pattern: { value: /^\d{6}$/, message: messages.staffCodeInvalid } })}
          />
          <Button type="submit" loading={login.isPending}>
            {t('auth.signIn.submit')}
          </Button>
        </form>
      </Card>
    </main>
  );
}
