import { ADDRESS_MAX } from '@portal/shared/constants/profile';
import type { ProfileFields, ReferenceLists } from '@portal/shared/schemas/profile';
import {
  useWatch,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/features/profile/i18n';

interface AddressFieldsProps {
  register: UseFormRegister<ProfileFields>;
  control: Control<ProfileFields, unknown, ProfileFields>;
  setValue: UseFormSetValue<ProfileFields>;
  errors: FieldErrors<ProfileFields>;
  defaults: DefaultValues<ProfileFields>;
  provinces: ReferenceLists['provinces'];
}

/** Home address, province, and the city among the chosen province's. */
export function AddressFields({
  register,
  control,
  setValue,
  errors,
  defaults,
  provinces,
}: AddressFieldsProps) {
  const t = useT();
  const province = useWatch({ control, name: 'province' });
  const cities = provinces.find((entry) => entry.value === province)?.cities ?? [];
  return (
    <fieldset className="profile-form__section profile-form__grid">
      <legend className="profile-form__legend">{t('address.legend')}</legend>
      <TextField
        label={t('address.home')}
        className="profile-form__wide"
        autoComplete="street-address"
        maxLength={ADDRESS_MAX}
        error={errors.homeAddress?.message}
        {...register('homeAddress')}
      />
      <Select
        label={t('address.province')}
        placeholder={t('address.selectProvince')}
        options={provinces}
        error={errors.province?.message}
        defaultValue={defaults.province}
        {...register('province', {
          // The cities are the chosen province's: another province empties the choice.
          onChange: () => setValue('city', ''),
        })}
      />
      <Select
        label={t('address.city')}
        placeholder={province ? t('address.selectCity') : t('address.provinceFirst')}
        options={cities.map((city) => ({ value: city, label: city }))}
        disabled={!province}
        error={errors.city?.message}
        defaultValue={defaults.city}
        {...register('city')}
      />
    </fieldset>
  );
}
