import type { FieldPath, FieldValues } from 'react-hook-form';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import type { SelectOption } from '@/components/ui/select';
import { useT } from '@/console/i18n';
import type { EntityField } from '@/console/components/entity-form';
import { optionsOf, type FilterField } from '@/console/components/filter-bar';

/** What a time slot and an online fee belong to: a batch, one of its courses and a quarter. */
interface Scope {
  batchId: string;
  course: string;
  quarter: string;
}

/** The batch, course and quarter as the filters of a catalogue list. */
export function useScopeFilters(batchOptions: readonly SelectOption[]) {
  const t = useT();
  return [
    { name: 'batchId', label: t('catalogue.fields.batch'), kind: 'select', options: batchOptions },
    { name: 'course', label: t('catalogue.fields.course'), kind: 'select', options: optionsOf(COURSE_CODES) },
    { name: 'quarter', label: t('catalogue.fields.quarter'), kind: 'select', options: optionsOf(QUARTERS) },
  ] as const satisfies readonly FilterField[];
}

/**
 * The batch, course and quarter as the first fields of a catalogue form: the batch and the course start
 * unchosen and say which is missing; `onBatch` follows the batch chosen.
 */
export function useScopeFormFields<Fields extends Scope & FieldValues, Values extends FieldValues>(
  batchOptions: readonly SelectOption[],
  onBatch?: Extract<EntityField<Fields, Values>, { kind: 'select' }>['onChange'],
): EntityField<Fields, Values>[] {
  const t = useT();
  return [
    {
      name: 'batchId' as FieldPath<Fields>,
      label: t('catalogue.fields.batch'),
      kind: 'select',
      placeholder: t('catalogue.fields.choose'),
      options: batchOptions,
      errorText: t('catalogue.fields.chooseBatch'),
      ...(onBatch ? { onChange: onBatch } : {}),
    },
    {
      name: 'course' as FieldPath<Fields>,
      label: t('catalogue.fields.course'),
      kind: 'select',
      placeholder: t('catalogue.fields.choose'),
      options: optionsOf(COURSE_CODES),
      errorText: t('catalogue.fields.chooseCourse'),
    },
    {
      name: 'quarter' as FieldPath<Fields>,
      label: t('catalogue.fields.quarter'),
      kind: 'select',
      options: optionsOf(QUARTERS),
    },
  ];
}
