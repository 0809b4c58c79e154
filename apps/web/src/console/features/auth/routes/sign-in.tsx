import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { messages } from '@portal/shared/messages';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { TextField } from '../../../../components/ui/text-field';
import { failureMessage } from '../../../../lib/api-client';
import { useStaffSession } from '../../../lib/staff-session';
import { useStaffLogin, type StaffLoginForm } from '../api/login';

export function StaffSignInRoute() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const login = useStaffLogin();
  const { register, handleSubmit, formState } = useForm<StaffLoginForm>({
    defaultValues: { email: '', password: '', code: '' },
  });
  const { errors } = formState;

  if (session.staff && !login.isPending && !login.isSuccess) return <Navigate to="/staff" replace />;

  function onSubmit(form: StaffLoginForm) {
    login.mutate(form, { onSuccess: () => void navigate('/staff', { replace: true }) });
  }

  return (
    <main className="console-centre">
      <Card title="Staff console sign-in">
        {session.ended === 'expired' && !login.isError ? (
          <Alert tone="info">{messages.staffSessionExpired}</Alert>
        ) : null}
        {login.isError ? (
          <Alert tone="error">{failureMessage(login.error, { network: messages.serverError })}</Alert>
        ) : null}
        <form className="stack" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            {...register('email', { required: 'Enter your e-mail' })}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password', { required: 'Enter your password' })}
          />
          <TextField
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code?.message}
            {...register('code', { pattern: { value: /^\d{6}$/, message: messages.staffCodeInvalid } })}
          />
          <Button type="submit" loading={login.isPending}>
            Sign in
          </Button>
        </form>
      </Card>
    </main>
  );
}
