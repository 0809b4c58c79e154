import type { ProfileFields } from '@portal/shared/schemas/profile';
import type { DefaultValues, FieldErrors, UseFormRegister } from 'react-hook-form';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { today } from '../utils/profile-values';
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
  return (
    <fieldset className="profile-form__section profile-form__grid">
      <legend className="profile-form__legend">Personal information</legend>
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label="Father name"
        autoComplete="off"
        error={errors.fatherName?.message}
        {...register('fatherName')}
      />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        max={today()}
        error={errors.dob?.message}
        {...register('dob')}
      />
      <GenderChoice register={register} error={errors.gender?.message} />
      <Select
        label="Last qualification"
        placeholder="Please Select Qualification"
        options={qualifications.map((qualification) => ({ value: qualification, label: qualification }))}
        error={errors.lastQualification?.message}
        // React selects the option itself; react-hook-form's late assignment is not relied on.
        defaultValue={defaults.lastQualification}
        {...register('lastQualification')}
      />
      <TextField
        label="Phone number"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={15}
        // Editing keeps the number on file: a disabled input still submits its default value here.
        disabled={isEditing}
        hint={isEditing ? 'Your phone number cannot be changed.' : 'Digits only, e.g. 03001234567.'}
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
    </fieldset>
  );
}
