import { useT } from '@/features/fees/i18n';
import type { Mode } from '@/features/fees/utils/slot-choices';

interface ModeChoiceProps {
  /** Spec section 5: Onsite only where the student's restricted entry or own flag allows it. */
  onsiteOffered: boolean;
  mode: Mode;
  onChange: (mode: Mode) => void;
}

/** Onsite or Online, as radio buttons (Online is always offered). */
export function ModeChoice({ onsiteOffered, mode, onChange }: ModeChoiceProps) {
  const t = useT();
  const offered: { value: Exclude<Mode, ''>; label: string }[] = [
    ...(onsiteOffered ? [{ value: 'onsite' as const, label: t('form.onsite') }] : []),
    { value: 'online', label: t('form.online') },
  ];
  return (
    <fieldset className="voucher-form__modes">
      <legend>{t('form.attend')}</legend>
      {offered.map(({ value, label }) => (
        <label key={value} className="voucher-form__mode">
          <input
            type="radio"
            name="mode"
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
