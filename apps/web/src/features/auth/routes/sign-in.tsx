import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { loginFormSchema } from '@portal/shared/schemas/auth';
import { profileGateRoute, type Student } from '@portal/shared/schemas/student';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { ForgetPasswordDialog } from '../components/forget-password-dialog';
import { ResendEmail } from '../components/resend-email';
import '../components/auth.css';

/**
 * Where a logged-in student goes (spec section 4): the profile gate first; with profile and documents
 * complete, back to the protected page they were sent away from, else /courses.
 */
function destination(student: Student, from: string | undefined) {
  const gate = profileGateRoute(student);
  return gate === '/courses' && from ? from : gate;
}

function rememberedPath(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const { from } = state;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined;
}

export function SignInRoute() {
  const { student, ended } = useSession();
  const location = useLocation();
  const login = useLogin();
  const [forgetOpen, setForgetOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  // After login, and on load with a saved session.
  if (student) return <Navigate to={destination(student, rememberedPath(location.state))} replace />;

  const inputError = errors.email?.message ?? errors.password?.message;
  const unverified = login.error instanceof ApiError && login.error.message === messages.verifyYourEmail;
  const errorId = 'sign-in-error';

  return (
    <Card title="Sign in" intro="Use the e-mail address and password of your student account.">
      {ended === 'expired' && !login.isError ? <Alert tone="info">{messages.authExpired}</Alert> : null}
      <form className="auth-form" noValidate onSubmit={handleSubmit((form) => login.mutate(form))}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          invalid={Boolean(errors.email)}
          describedBy={errors.email ? errorId : undefined}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          invalid={Boolean(errors.password)}
          describedBy={errors.password ? errorId : undefined}
          {...register('password')}
        />
        {inputError ? (
          <Alert tone="error" id={errorId}>
            {inputError}
          </Alert>
        ) : null}
        {login.isError ? (
          <Alert tone="error">{failureMessage(login.error, { network: messages.networkFailure })}</Alert>
        ) : null}
        {unverified && login.variables ? (
          <ResendEmail key={login.submittedAt} email={login.variables.email.trim()} />
        ) : null}
        <Button type="submit" block loading={login.isPending}>
          Login
        </Button>
        <div className="auth-row">
          <Button variant="link" onClick={() => setForgetOpen(true)}>
            Forget Password
          </Button>
        </div>
      </form>
      <p className="auth-footer">
        New here? <Link to="/signup">Sign up</Link>
      </p>
      {forgetOpen ? <ForgetPasswordDialog onClose={() => setForgetOpen(false)} /> : null}
    </Card>
  );
}
