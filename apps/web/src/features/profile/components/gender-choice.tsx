import type { ProfileFields } from '@portal/shared/schemas/profile';
import { useId } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { useT } from '@/features/profile/i18n';

/** Male or Female, as radios under one legend, with the field's message. */
export function GenderChoice({
  register,
  error,
}: {
  register: UseFormRegister<ProfileFields>;
  error: string | undefined;
}) {
  const t = useT();
  const errorId = useId();
  return (
    <fieldset className="profile-form__choices" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">{t('personal.gender')}</legend>
      <div className="profile-form__options">
        <label className="profile-form__option">
          <input type="radio" value="male" {...register('gender')} /> {t('personal.male')}
        </label>
        <label className="profile-form__option">
          <input type="radio" value="female" {...register('gender')} /> {t('personal.female')}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
