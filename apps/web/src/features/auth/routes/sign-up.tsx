import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { SIGNUP_ERROR_CODES, signupFormSchema, type SignupForm } from '@portal/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useSettings } from '../../../lib/settings';
import { useSignup } from '../api/signup';
import { AccountCreatedDialog } from '../components/account-created-dialog';
import { ResendEmail } from '../components/resend-email';
import '../components/auth.css';

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
    if (error.body.err) return messages.signupErr;
  }
  return failureMessage(error, { network: messages.signupNetworkFailure, fallback: messages.signupErr });
}

export function SignUpRoute() {
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
    <Card title="Student Sign Up" intro="Create your account to apply to the programme.">
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="CNIC / B-Form number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={13}
          hint="Give a valid CNIC or B-Form number (13 digits, no dashes): it will be verified."
          error={errors.cnic?.message}
          {...register('cnic')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="auth-disclaimer">
          By signing up you declare that the information you give is true and correct. Registrations with
          false information are cancelled.
        </p>
        {signup.isError ? <Alert tone="error">{signupFailure(signup.error)}</Alert> : null}
        {emailUnverified && signup.variables ? (
          <ResendEmail key={signup.submittedAt} email={signup.variables.email} />
        ) : null}
        <Button type="submit" block loading={signup.isPending}>
          Sign Up
        </Button>
      </form>
      <div className="auth-footer auth-row">
        <span>
          Already registered? <Link to="/">Sign in</Link>
        </span>
        {settings ? (
          <a href={settings.howItWorksUrl} target="_blank" rel="noopener noreferrer">
            How It Works?
          </a>
        ) : null}
      </div>
      {signup.isSuccess ? <AccountCreatedDialog /> : null}
    </Card>
  );
}
