import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { SIGNUP_ERROR_CODES, signupFormSchema, type SignupForm } from '@portal/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { ApiError, failureMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { useSettings } from '@/lib/settings';
import { useSignup } from '@/features/auth/api/signup';
import { useT } from '@/features/auth/i18n';
import { AccountCreatedDialog } from '@/features/auth/components/account-created-dialog';
import { ResendEmail } from '@/features/auth/components/resend-email';
import '@/features/auth/components/auth.css';

const emptyForm: SignupForm = { cnic: '', email: '', password: '' };
const fields = Object.keys(emptyForm) as Array<keyof SignupForm>;

function signupFailure(error: unknown): string {
  // An answer with `err` set is a failure the server could not describe (spec section 8).
  if (
    error instanceof ApiError &&
    typeof error.body === 'object' &&
    error.body !== null &&
    'err' in error.body
  ) {
    if (error.body.err) return translateMessage(messages.signupErr);
  }
  return failureMessage(error, { network: messages.signupNetworkFailure, fallback: messages.signupErr });
}

export function SignUpRoute() {
  const t = useT();
  const { data: settings } = useSettings();
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signupFormSchema), defaultValues: emptyForm });

  const submit = handleSubmit((form) =>
    signup.mutate(form, {
      onSuccess: () => reset(emptyForm),
      onError: (error) => {
        // The server checks the same rules; show its per-field messages where the fields are.
        if (!(error instanceof ApiError)) return;
        fields.forEach((field) => {
          const message = error.errors[field];
          if (message) setError(field, { message }, { shouldFocus: true });
        });
      },
    }),
  );

  const emailUnverified =
    signup.error instanceof ApiError && signup.error.errorCode === SIGNUP_ERROR_CODES.emailUnverified;

  return (
    <Card title={t('signUp.title')} intro={t('signUp.intro')}>
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('signUp.cnic')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={13}
          hint={t('signUp.cnicHint')}
          error={errors.cnic?.message}
          {...register('cnic')}
        />
        <TextField
          label={t('signUp.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('signUp.password')}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="auth-disclaimer">{t('signUp.disclaimer')}</p>
        {signup.isError ? <Alert tone="error">{signupFailure(signup.error)}</Alert> : null}
        {emailUnverified && signup.variables ? (
          <ResendEmail key={signup.submittedAt} email={signup.variables.email} />
        ) : null}
        <Button type="submit" block loading={signup.isPending}>
          {t('signUp.submit')}
        </Button>
      </form>
      <div className="auth-footer auth-row">
        <span>
          {t('signUp.alreadyRegistered')} <Link to="/">{t('signUp.signIn')}</Link>
        </span>
        {settings ? (
          <a href={settings.howItWorksUrl} target="_blank" rel="noopener noreferrer">
            {t('signUp.howItWorks')}
          </a>
        ) : null}
      </div>
      {signup.isSuccess ? <AccountCreatedDialog /> : null}
    </Card>
  );
}
