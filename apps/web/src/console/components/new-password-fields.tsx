import type { FieldErrors, UseFormGetValues, UseFormRegister } from 'react-hook-form';
import { STAFF_PASSWORD_MIN_LENGTH } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/console/i18n';

/** A form that chooses a staff password: typed twice. */
export interface NewPasswordForm {
  password: string;
  repeat: string;
}

/**
 * A new staff password and its repetition, with the one rule of its length (the server sees only its hash,
 * so the console is where the 12 characters are checked): the set-up page and "Your account" alike.
 * `labels` are the two fields' names on that page.
 */
export function NewPasswordFields<Form extends NewPasswordForm>(props: {
  register: UseFormRegister<Form>;
  errors: FieldErrors<Form>;
  getValues: UseFormGetValues<Form>;
  labels: { password: string; again: string };
}) {
  // The two fields are this component's own: seen through them, any such form is a NewPasswordForm.
  const register = props.register as unknown as UseFormRegister<NewPasswordForm>;
  const errors = props.errors as FieldErrors<NewPasswordForm>;
  const getValues = props.getValues as unknown as UseFormGetValues<NewPasswordForm>;
  const t = useT();
  return (
    <>
      <TextField
        label={props.labels.password}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password', {
          minLength: { value: STAFF_PASSWORD_MIN_LENGTH, message: messages.staffPasswordShort },
          required: messages.staffPasswordShort,
        })}
      />
      <TextField
        label={props.labels.again}
        type="password"
        autoComplete="new-password"
        error={errors.repeat?.message}
        {...register('repeat', {
          validate: (value) => value === getValues('password') || t('auth.setup.mismatch'),
        })}
      />
    </>
  );
}
