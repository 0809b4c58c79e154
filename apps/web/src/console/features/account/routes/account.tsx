import { useForm } from 'react-hook-form';
import { STAFF_PASSWORD_MIN_LENGTH } from '@portal/shared/constants/staff';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { FieldList } from '@/console/components/field-list';
import { NewPasswordFields } from '@/console/components/new-password-fields';
import { useT } from '@/console/i18n';
import { useAnswerText, useFailureText } from '@/console/lib/failure';
import { useRecheckOnLanguage } from '@/console/lib/recheck';
import { useStaffSession } from '@/console/lib/staff-session';
import { useChangePassword } from '@/console/features/account/api/change-password';

/** /staff/account: who one is signed in as, and one's own password (every role). */
export function AccountRoute() {
  const { staff } = useStaffSession();
  const t = useT();
  if (!staff) return null;
  return (
    <div className="stack">
      <h1>{t('account.title')}</h1>
      <section className="console-section stack" aria-labelledby="account-details">
        <h2 id="account-details">{t('account.details')}</h2>
        <FieldList
          fields={[
            [t('staff.name'), staff.name],
            [t('staff.email'), staff.email],
            [t('staff.role'), t(`app.role.${staff.role}`)],
          ]}
        />
      </section>
      <PasswordForm />
    </div>
  );
}

interface PasswordFields {
  current: string;
  password: string;
  repeat: string;
}

function PasswordForm() {
  const change = useChangePassword();
  const t = useT();
  const failureText = useFailureText();
  const answerText = useAnswerText();
  const { register, handleSubmit, formState, getValues, reset, trigger } = useForm<PasswordFields>({
    defaultValues: { current: '', password: '', repeat: '' },
  });
  useRecheckOnLanguage(formState.errors, trigger);
  const { errors } = formState;
  return (
    <section className="console-section stack" aria-labelledby="account-password">
      <h2 id="account-password">{t('account.password.title')}</h2>
      <form
        className="stack console-form"
        noValidate
        onSubmit={(event) =>
          void handleSubmit((form) => change.mutate(form, { onSuccess: () => reset() }))(event)
        }
      >
        <p>{t('account.password.hint', { min: STAFF_PASSWORD_MIN_LENGTH })}</p>
        <TextField
          label={t('account.password.current')}
          type="password"
          autoComplete="current-password"
          error={errors.current?.message}
          {...register('current', { required: t('account.password.currentRequired') })}
        />
        <NewPasswordFields
          register={register}
          errors={errors}
          getValues={getValues}
          labels={{ password: t('account.password.new'), again: t('account.password.again') }}
        />
        <div aria-live="polite">
          {change.isError ? <Alert tone="error">{failureText(change.error)}</Alert> : null}
          {change.isSuccess ? <Alert tone="success">{answerText(change.data)}</Alert> : null}
        </div>
        <Button type="submit" loading={change.isPending}>
          {t('account.password.submit')}
        </Button>
      </form>
    </section>
  );
}
