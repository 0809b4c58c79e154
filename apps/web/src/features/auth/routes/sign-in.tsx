import { messages } from '@portal/shared/messages';
import { profileGateRoute } from '@portal/shared/profile-gate';
import type { Student } from '@portal/shared/schemas/student';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { ApiError, failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { loadLoginAnswerSchema, useLogin } from '@/features/auth/api/login';
import { useT } from '@/features/auth/i18n';
import { ResendEmail } from '@/features/auth/components/resend-email';
import '@/features/auth/components/auth.css';

// Opened by few: its code (with the form library and zod) loads on the first click.
const ForgetPasswordDialog = lazy(async () => ({
  default: (await import('@/features/auth/components/forget-password-dialog')).ForgetPasswordDialog,
}));

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

type Field = 'email' | 'password';

/**
 * The only page in the first download (budget: 100 KB of JavaScript, React included), so its two-field form
 * is checked by hand rather than with react-hook-form and zod: both fields are required (spec section 5).
 */
export function SignInRoute() {
  const t = useT();
  const tm = useMessageText();
  const { student, ended } = useSession();
  const location = useLocation();
  const login = useLogin();
  const { invalid, handleSubmit } = useRequiredFields((credentials) => login.run(credentials));
  const [forgetOpen, setForgetOpen] = useState(false);

  // After login, and on load with a saved session.
  if (student) return <Navigate to={destination(student, rememberedPath(location.state))} replace />;

  const { state } = login;
  const failed = state.status === 'error' && !login.isPending;
  const unverified =
    failed && state.error instanceof ApiError && state.error.message === messages.verifyYourEmail;
  const errorId = 'sign-in-error';

  return (
    <Card title={t('signIn.title')} intro={t('signIn.intro')}>
      {ended === 'expired' && !failed ? (
        <Alert tone="info">{tm(messages.authExpired, 'authExpired')}</Alert>
      ) : null}
      <form
        className="auth-form"
        noValidate
        onSubmit={handleSubmit}
        onFocus={() => void loadLoginAnswerSchema().catch(() => undefined)}
      >
        <CredentialFields invalid={invalid} errorId={errorId} />
        {invalid.length > 0 ? (
          <Alert tone="error" id={errorId}>
            {tm(messages.loginInvalidInput, 'loginInvalidInput')}
          </Alert>
        ) : null}
        {failed ? (
          <Alert tone="error">{failureMessage(state.error, { network: messages.networkFailure })}</Alert>
        ) : null}
        {unverified ? <ResendEmail key={state.attempt} email={state.args.email} /> : null}
        <Button type="submit" block loading={login.isPending}>
          {t('signIn.login')}
        </Button>
        <div className="auth-row">
          <Button variant="link" onClick={() => setForgetOpen(true)}>
            {t('signIn.forgetPassword')}
          </Button>
        </div>
      </form>
      <p className="auth-footer">
        {t('signIn.newHere')} <Link to="/signup">{t('signIn.signUp')}</Link>
      </p>
      {forgetOpen ? (
        <Suspense fallback={null}>
          <ForgetPasswordDialog onClose={() => setForgetOpen(false)} />
        </Suspense>
      ) : null}
    </Card>
  );
}

/**
 * The form's own check on submit: both fields are required; the first one left empty gets the focus, else
 * `onValid` gets the trimmed email and the password. `invalid` lists the fields left empty.
 */
function useRequiredFields(onValid: (credentials: { email: string; password: string }) => void) {
  const [invalid, setInvalid] = useState<Field[]>([]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const field = (name: Field) => form.querySelector<HTMLInputElement>(`[name="${name}"]`);
    const email = field('email')?.value.trim() ?? '';
    const password = field('password')?.value ?? '';
    const empty = (['email', 'password'] as const).filter((name) => !{ email, password }[name]);
    setInvalid(empty);
    if (empty[0]) {
      field(empty[0])?.focus();
      return;
    }
    onValid({ email, password });
  }

  return { invalid, handleSubmit };
}

/** The email and password fields; one left empty is marked invalid and described by the error `errorId`. */
function CredentialFields({ invalid, errorId }: { invalid: Field[]; errorId: string }) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('signIn.email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        invalid={invalid.includes('email')}
        describedBy={invalid.includes('email') ? errorId : undefined}
      />
      <TextField
        label={t('signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        invalid={invalid.includes('password')}
        describedBy={invalid.includes('password') ? errorId : undefined}
      />
    </>
  );
}
