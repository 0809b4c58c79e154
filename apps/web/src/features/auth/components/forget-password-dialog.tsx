import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { emailRequestSchema } from '@portal/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { failureMessage } from '../../../lib/api-client';
import { useForgetPassword } from '../api/forget-password';

/** Loaded when first opened (React.lazy in SignInRoute): the form library stays out of the first download. */
export function ForgetPasswordDialog({ onClose }: { onClose: () => void }) {
  const { state, isPending, run } = useForgetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailRequestSchema), defaultValues: { email: '' } });

  const submit = handleSubmit(({ email }) => run(email));

  return (
    <Dialog title="Forget Password" onClose={onClose}>
      <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
        <p className="auth-muted">We will e-mail you a link to choose a new password.</p>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          data-autofocus
          error={errors.email?.message}
          {...register('email')}
        />
        {!isPending && state.status === 'success' ? (
          <Alert tone="success">{messages.forgotSuccess}</Alert>
        ) : null}
        {!isPending && state.status === 'error' ? (
          <Alert tone="error">{failureMessage(state.error, { network: messages.forgotFailure })}</Alert>
        ) : null}
        <Button type="submit" block loading={isPending}>
          Send email
        </Button>
      </form>
    </Dialog>
  );
}
