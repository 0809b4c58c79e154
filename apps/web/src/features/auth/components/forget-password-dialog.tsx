import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/shared/messages';
import { emailRequestSchema } from '@portal/shared/schemas/auth';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useForgetPassword } from '@/features/auth/api/forget-password';
import { useT } from '@/features/auth/i18n';

/** Loaded when first opened (React.lazy in SignInRoute): the form library stays out of the first download. */
export function ForgetPasswordDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const tm = useMessageText();
  const { state, isPending, run } = useForgetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(emailRequestSchema), defaultValues: { email: '' } });

  const submit = handleSubmit(({ email }) => run(email));

  return (
    <Dialog title={t('forgetPassword.title')} onClose={onClose}>
      <form className="stack" noValidate onSubmit={(event) => void submit(event)}>
        <p className="auth-muted">{t('forgetPassword.intro')}</p>
        <TextField
          label={t('forgetPassword.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          data-autofocus
          error={errors.email?.message}
          {...register('email')}
        />
        {!isPending && state.status === 'success' ? (
          <Alert tone="success">{tm(messages.forgotSuccess, 'forgotSuccess')}</Alert>
        ) : null}
        {!isPending && state.status === 'error' ? (
          <Alert tone="error">{failureMessage(state.error, { network: messages.forgotFailure })}</Alert>
        ) : null}
        <Button type="submit" block loading={isPending}>
          {t('forgetPassword.send')}
        </Button>
      </form>
    </Dialog>
  );
}
