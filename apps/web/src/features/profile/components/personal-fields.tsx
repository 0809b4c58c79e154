import type { ProfileFields } from '@portal/shared/schemas/profile';
import type { DefaultValues, FieldErrors, UseFormRegister } from 'react-hook-form';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/features/profile/i18n';
import { today } from '@/features/profile/utils/profile-values';
import { GenderChoice } from './gender-choice';

interface PersonalFieldsProps {
  register: UseFormRegister<ProfileFields>;
  errors: FieldErrors<ProfileFields>;
  defaults: DefaultValues<ProfileFields>;
  qualifications: readonly string[];
  isEditing: boolean;
}

/** Names, date of birth, gender, qualification and phone number. */
export function PersonalFields({
  register,
  errors,
  defaults,
  qualifications,
  isEditing,
}: PersonalFieldsProps) {
  const t = useT();
  return (
    <fieldset className="profile-form__section profile-form__grid">
      <legend className="profile-form__legend">{t('personal.legend')}</legend>
      <TextField
        label={t('personal.fullName')}
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label={t('personal.fatherName')}
        autoComplete="off"
        error={errors.fatherName?.message}
        {...register('fatherName')}
      />
      <TextField
        label={t('personal.dob')}
        type="date"
        autoComplete="bday"
        max={today()}
        error={errors.dob?.message}
        {...register('dob')}
      />
      <GenderChoice register={register} error={errors.gender?.message} />
      <Select
        label={t('personal.qualification')}
        placeholder={t('personal.selectQualification')}
        options={qualifications.map((qualification) => ({ value: qualification, label: qualification }))}
        error={errors.lastQualification?.message}
        // React selects the option itself; react-hook-form's late assignment is not relied on.
        defaultValue={defaults.lastQualification}
        {...register('lastQualification')}
      />
      <TextField
        label={t('personal.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={15}
        // Editing keeps the number on file: a disabled input still submits its default value here.
        disabled={isEditing}
        hint={isEditing ? t('personal.phoneLocked') : t('personal.phoneHint')}
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
    </fieldset>
  );
}
