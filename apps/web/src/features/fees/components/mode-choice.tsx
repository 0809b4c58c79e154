import { Choice, ChoiceGroup } from '@/components/ui/choice-group';
import { useT } from '@/features/fees/i18n';
import type { Mode } from '@/features/fees/utils/slot-choices';

interface ModeChoiceProps {
  /** Spec section 5: Onsite only where the student's restricted entry or own flag allows it. */
  onsiteOffered: boolean;
  /** The registration was made for onsite classes (the course card's platform). */
  appliedOnsite: boolean;
  mode: Mode;
  onChange: (mode: Mode) => void;
}

/**
 * Onsite or Online, as radio buttons (Online is always offered). When Onsite is not offered the student is
 * told why there is one choice, and, having applied onsite, what to do before making it (issue 24).
 */
export function ModeChoice({ onsiteOffered, appliedOnsite, mode, onChange }: ModeChoiceProps) {
  const t = useT();
  const offered: { value: Exclude<Mode, ''>; label: string }[] = [
    ...(onsiteOffered ? [{ value: 'onsite' as const, label: t('form.onsite') }] : []),
    { value: 'online', label: t('form.online') },
  ];
  return (
    <ChoiceGroup
      legend={t('form.attend')}
      hint={
        onsiteOffered
          ? undefined
          : t(appliedOnsite ? 'form.onsiteNotOfferedApplied' : 'form.onsiteNotOffered')
      }
    >
      {offered.map(({ value, label }) => (
        <Choice
          key={value}
          name="mode"
          value={value}
          label={label}
          checked={mode === value}
          onChange={() => onChange(value)}
        />
      ))}
    </ChoiceGroup>
  );
}
