import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useT } from '@/console/i18n';

export type FilterField =
  | { name: string; label: string; kind: 'text'; hint?: string }
  /** A day, picked from the browser's calendar or typed; its value is `YYYY-MM-DD`, as the calls take it. */
  | { name: string; label: string; kind: 'date'; hint?: string }
  | { name: string; label: string; kind: 'select'; options: readonly SelectOption[] };

/** A row of filters applied together with one button (or Enter), so each keystroke is not a request. */
export function FilterBar<Name extends string>(props: {
  label: string;
  fields: readonly (FilterField & { name: Name })[];
  values: Record<Name, string>;
  onApply: (values: Record<Name, string>) => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState(props.values);

  function submit(event: FormEvent) {
    event.preventDefault();
    props.onApply(draft);
  }

  return (
    <form className="filter-bar" role="search" aria-label={props.label} onSubmit={submit}>
      {props.fields.map((field) =>
        field.kind !== 'select' ? (
          <TextField
            key={field.name}
            type={field.kind}
            label={field.label}
            hint={field.hint}
            value={draft[field.name]}
            onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
          />
        ) : (
          <Select
            key={field.name}
            label={field.label}
            placeholder={t('app.filter.any')}
            options={field.options}
            value={draft[field.name]}
            onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
          />
        ),
      )}
      <Button type="submit">{t('app.filter.search')}</Button>
    </form>
  );
}

export function optionsOf(values: readonly string[]): SelectOption[] {
  return values.map((value) => ({ value, label: value }));
}
