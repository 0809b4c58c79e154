import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { toDataURL } from 'qrcode';
import { STAFF_PASSWORD_MIN_LENGTH } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { StaffSetupAnswer } from '@portal/shared/schemas/staff';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { TextField } from '../../../../components/ui/text-field';
import { failureMessage } from '../../../../lib/api-client';
import { useSetupAccount } from '../api/setup';
import { useConfirmSetup } from '../api/setup-confirm';

interface PasswordForm {
  password: string;
  repeat: string;
}

/** /staff/setup/:token: choose a password, add the account to an authenticator app, confirm with a code. */
export function StaffSetupRoute() {
  const { token = '' } = useParams();
  const setup = useSetupAccount();

  return (
    <main className="console-centre">
      <Card title="Set up your staff account" size="wide">
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
  const { register, handleSubmit, formState, getValues } = useForm<PasswordForm>({
    defaultValues: { password: '', repeat: '' },
  });
  const { errors } = formState;
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(event) => void handleSubmit((form) => props.onSubmit(form.password))(event)}
    >
      <p>Choose a password of at least {STAFF_PASSWORD_MIN_LENGTH} characters.</p>
      {props.error ? (
        <Alert tone="error">{failureMessage(props.error, { network: messages.serverError })}</Alert>
      ) : null}
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password', {
          minLength: { value: STAFF_PASSWORD_MIN_LENGTH, message: messages.staffPasswordShort },
          required: messages.staffPasswordShort,
        })}
      />
      <TextField
        label="Password again"
        type="password"
        autoComplete="new-password"
        error={errors.repeat?.message}
        {...register('repeat', {
          validate: (value) => value === getValues('password') || 'The two passwords are not the same',
        })}
      />
      <Button type="submit" loading={props.pending}>
        Continue
      </Button>
    </form>
  );
}

function ConfirmStep({ token, answer }: { token: string; answer: StaffSetupAnswer }) {
  const navigate = useNavigate();
  const confirm = useConfirmSetup();
  const [qr, setQr] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<{ code: string }>({ defaultValues: { code: '' } });

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
            { onSuccess: () => void navigate('/staff/signin', { replace: true }) },
          ),
        )(event)
      }
    >
      <p>
        Add the account of {answer.staff.email} to your authenticator app: scan the code, or type the secret.
      </p>
      {qr ? <img src={qr} width={220} height={220} alt="QR code of the authenticator set-up link" /> : null}
      <p>
        Secret: <code className="console-secret">{answer.totpSecret}</code>
      </p>
      {confirm.isError ? (
        <Alert tone="error">{failureMessage(confirm.error, { network: messages.serverError })}</Alert>
      ) : null}
      <TextField
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={formState.errors.code?.message}
        {...register('code', { pattern: { value: /^\d{6}$/, message: messages.staffCodeInvalid } })}
      />
      <Button type="submit" loading={confirm.isPending}>
        Confirm
      </Button>
    </form>
  );
}
