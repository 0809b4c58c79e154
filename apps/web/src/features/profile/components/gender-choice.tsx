import type { ProfileFields } from '@portal/shared/schemas/profile';
import type { UseFormRegister } from 'react-hook-form';
import { Choice, ChoiceGroup } from '@/components/ui/choice-group';
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
  return (
    <ChoiceGroup legend={t('personal.gender')} error={error}>
      <Choice label={t('personal.male')} value="male" {...register('gender')} />
      <Choice label={t('personal.female')} value="female" {...register('gender')} />
    </ChoiceGroup>
  );
}
