import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toDataURL } from 'qrcode';
import { STAFF_PASSWORD_MIN_LENGTH } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { StaffSetupAnswer } from '@portal/shared/schemas/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/console/i18n';
import { useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { NewPasswordFields } from '@/console/components/new-password-fields';
import { useSetupAccount } from '@/console/features/auth/api/setup';
import { useConfirmSetup } from '@/console/features/auth/api/setup-confirm';

interface PasswordForm {
  password: string;
  repeat: string;
}

/** /staff/setup/:token: choose a password, add the account to an authenticator app, confirm with a code. */
export function StaffSetupRoute() {
  const { token = '' } = useParams();
  const setup = useSetupAccount();
  const t = useT();

  return (
    <main className="console-centre">
      <Card title={t('auth.setup.title')} size="wide">
        {setup.data ? (
          <ConfirmStep token={token} answer={setup.data} />
        ) : (
          <PasswordStep
            pending={setup.isPending}
            error={setup.error}
            onSubmit={(password) => setup.mutate({ token, password })}
          />
        )}
      </Card>
    </main>
  );
}

function PasswordStep(props: { pending: boolean; error: unknown; onSubmit: (password: string) => void }) {
  const { register, handleSubmit, formState, getValues, trigger } = useForm<PasswordForm>({
    defaultValues: { password: '', repeat: '' },
  });
  useRecheckOnLanguage(formState.errors, trigger);
  const { errors } = formState;
  const t = useT();
  const failureText = useFailureText();
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => void handleSubmit((form) => props.onSubmit(form.password))(event)}
    >
      <p>{t('auth.setup.choosePassword', { min: STAFF_PASSWORD_MIN_LENGTH })}</p>
      {props.error ? <Alert tone="error">{failureText(props.error)}</Alert> : null}
      <NewPasswordFields
        register={register}
        errors={errors}
        getValues={getValues}
        labels={{ password: t('auth.setup.password'), again: t('auth.setup.passwordAgain') }}
      />
      <Button type="submit" loading={props.pending}>
        {t('auth.setup.continue')}
      </Button>
    </form>
  );
}

function ConfirmStep({ token, answer }: { token: string; answer: StaffSetupAnswer }) {
  const navigate = useNavigate();
  const confirm = useConfirmSetup();
  const t = useT();
  const failureText = useFailureText();
  const [qr, setQr] = useState<string | null>(null);
  const { register, handleSubmit, formState, trigger } = useForm<{ code: string }>({
    defaultValues: { code: '' },
  });
  useRecheckOnLanguage(formState.errors, trigger);

  useEffect(() => {
    let live = true;
    toDataURL(answer.otpauthUrl, { margin: 1, width: 220 })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [answer.otpauthUrl]);

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) =>
        void handleSubmit(({ code }) =>
          confirm.mutate(
            { token, code: code.trim() },
            { onSuccess: () => void navigate('/staff', { replace: true }) },
          ),
        )(event)
      }
    >
      <p>{t('auth.setup.addAccount', { email: answer.staff.email })}</p>
      {qr ? <img src={qr} width={220} height={220} alt={t('auth.setup.qrAlt')} /> : null}
      <p>
        {t('auth.setup.secret')} <code className="console-secret">{answer.totpSecret}</code>
      </p>
      {confirm.isError ? <Alert tone="error">{failureText(confirm.error)}</Alert> : null}
      <TextField
        label={t('auth.setup.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={formState.errors.code?.message}
        {...register('code', { pattern: { value: /^\d{6}$/, message: messages.staffCodeInvalid } })}
      />
      <Button type="submit" loading={confirm.isPending}>
        {t('auth.setup.confirm')}
      </Button>
    </form>
  );
}
