import { useState, type FormEvent } from 'react';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { optionsOf } from '@/console/components/filter-bar';
import { useSearchState } from '@/console/lib/use-search-state';
import { useT } from '@/console/i18n';
import type { Scope } from '@/console/features/content/api/content';

const names = ['course', 'batchNumber', 'quarter'] as const;

/** The course, batch number and quarter a content page shows, kept in the address. */
export function useScope() {
  const search = useSearchState(names);
  return { scope: search.values as Scope, setScope: search.setFilters, key: search.filtersKey };
}

/**
 * Picks the course, batch number (0 = every batch) and quarter. `quarterOptional` lets the links page choose
 * "every quarter" (an empty quarter).
 */
export function ScopeForm({
  scope,
  onApply,
  quarterOptional = false,
}: {
  scope: Scope;
  onApply: (scope: Scope) => void;
  quarterOptional?: boolean;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Scope>({
    course: scope.course || 'AIC',
    batchNumber: scope.batchNumber || '0',
    quarter: scope.quarter || (quarterOptional ? '' : 'Q1'),
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }
  return (
    <form className="filter-bar" aria-label={t('content.scope.label')} onSubmit={submit}>
      <Select
        label={t('content.scope.course')}
        options={optionsOf(COURSE_CODES)}
        value={draft.course}
        onChange={(event) => setDraft({ ...draft, course: event.target.value })}
      />
      <TextField
        label={t('content.scope.batchNumber')}
        type="number"
        min={0}
        hint={t('content.scope.batchNumberHint')}
        value={draft.batchNumber}
        onChange={(event) => setDraft({ ...draft, batchNumber: event.target.value })}
      />
      <Select
        label={t('content.scope.quarter')}
        options={
          quarterOptional
            ? [{ value: '', label: t('content.scope.everyQuarter') }, ...optionsOf(QUARTERS)]
            : optionsOf(QUARTERS)
        }
        value={draft.quarter}
        onChange={(event) => setDraft({ ...draft, quarter: event.target.value })}
      />
      <Button type="submit">{t('content.scope.show')}</Button>
    </form>
  );
}
