import { useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormTrigger } from 'react-hook-form';
import { useLocale } from '@/lib/i18n';

/**
 * A form's errors are written in the language of the check that found them: when the language changes, the
 * fields in error are checked again so that their messages follow.
 */
export function useRecheckOnLanguage<Form extends FieldValues>(
  errors: FieldErrors<Form>,
  trigger: UseFormTrigger<Form>,
) {
  const locale = useLocale();
  const checkedIn = useRef(locale);
  useEffect(() => {
    if (checkedIn.current === locale) return;
    checkedIn.current = locale;
    const names = Object.keys(errors) as Path<Form>[];
    if (names.length > 0) void trigger(names);
  }, [locale, errors, trigger]);
}
