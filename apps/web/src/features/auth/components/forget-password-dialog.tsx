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

export function ForgetPasswordDialog({ onClose }: { onClose: () => void }) {
  const forgot = useForgetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailRequestSchema), defaultValues: { email: '' } });

  return (
    <Dialog title="Forget Password" onClose={onClose}>
      <form className="stack" noValidate onSubmit={handleSubmit(({ email }) => forgot.mutate(email))}>
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
        {forgot.isSuccess ? <Alert tone="success">{messages.forgotSuccess}</Alert> : null}
        {forgot.isError ? (
          <Alert tone="error">{failureMessage(forgot.error, { network: messages.forgotFailure })}</Alert>
        ) : null}
        <Button type="submit" block loading={forgot.isPending}>
          Send email
        </Button>
      </form>
    </Dialog>
  );
}
