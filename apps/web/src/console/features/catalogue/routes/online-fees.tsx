import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { COURSE_CODES, QUARTERS } from '@portal/shared/constants/courses';
import { messages } from '@portal/shared/messages';
import { onlineFeeSetSchema, type StaffOnlineFee } from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { FilterBar, optionsOf } from '@/console/components/filter-bar';
import { QueryState } from '@/console/components/query-state';
import { ListTable, type Column } from '@/console/components/list-table';
import { useFormat } from '@/lib/i18n';
import { useSearchState } from '@/console/lib/use-search-state';
import { catalogueBatchOptions, useCatalogueBatches } from '@/console/features/catalogue/api/batches';
import {
  useDeleteOnlineFee,
  useOnlineFees,
  useSetOnlineFee,
} from '@/console/features/catalogue/api/online-fees';
import '@/console/features/catalogue/components/catalogue.css';

type Fields = z.input<typeof onlineFeeSetSchema>;
type Values = z.output<typeof onlineFeeSetSchema>;
const filters = ['batchId', 'course', 'quarter'] as const;

export function OnlineFeesRoute() {
  const t = useT();
  const tm = useMessageText();
  const format = useFormat();
  const search = useSearchState(filters);
  const batches = useCatalogueBatches();
  const fees = useOnlineFees(search.values);
  const remove = useDeleteOnlineFee();
  const batchOptions = catalogueBatchOptions(batches.data);

  return (
    <div className="stack">
      <h1>{t('catalogue.onlineFees.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={t('catalogue.onlineFees.filter')}
        fields={[
          { name: 'batchId', label: t('catalogue.fields.batch'), kind: 'select', options: batchOptions },
          {
            name: 'course',
            label: t('catalogue.fields.course'),
            kind: 'select',
            options: optionsOf(COURSE_CODES),
          },
          {
            name: 'quarter',
            label: t('catalogue.fields.quarter'),
            kind: 'select',
            options: optionsOf(QUARTERS),
          },
        ]}
        values={search.values}
        onApply={search.setFilters}
      />
      <section className="console-section stack" aria-label={t('catalogue.onlineFees.setHeading')}>
        <h2>{t('catalogue.onlineFees.setHeading')}</h2>
        <FeeForm batchOptions={batchOptions} batchId={search.values.batchId} />
      </section>
      <QueryState query={fees} />
      {remove.isError ? (
        <Alert tone="error">{tm(failureMessage(remove.error, { network: messages.serverError }))}</Alert>
      ) : null}
      {fees.data ? (
        <ListTable
          label={t('catalogue.onlineFees.title')}
          caption={t('catalogue.onlineFees.caption', { count: fees.data.length })}
          rows={fees.data}
          rowKey={(fee) => `${fee.batchId} ${fee.course} ${fee.quarter}`}
          columns={onlineFeeColumns(t, format, remove)}
        />
      ) : null}
    </div>
  );
}

function onlineFeeColumns(
  t: ReturnType<typeof useT>,
  format: ReturnType<typeof useFormat>,
  remove: ReturnType<typeof useDeleteOnlineFee>,
): Column<StaffOnlineFee>[] {
  return [
    {
      key: 'batch',
      header: t('catalogue.fields.batch'),
      cell: (fee) => (
        <>
          {fee.batchName} · {fee.city}
        </>
      ),
    },
    { key: 'course', header: t('catalogue.fields.course'), cell: (fee) => fee.course },
    { key: 'quarter', header: t('catalogue.fields.quarter'), cell: (fee) => fee.quarter },
    {
      key: 'fee',
      header: t('catalogue.fields.fee'),
      cell: (fee) => format.number(fee.fee, { useGrouping: false }),
    },
    {
      key: 'actions',
      header: t('catalogue.actions.actions'),
      headerHidden: true,
      cell: (fee) => (
        <Button
          variant="danger"
          loading={
            remove.isPending &&
            remove.variables.batchId === fee.batchId &&
            remove.variables.course === fee.course &&
            remove.variables.quarter === fee.quarter
          }
          onClick={() => remove.mutate({ batchId: fee.batchId, course: fee.course, quarter: fee.quarter })}
        >
          {t('catalogue.actions.delete')}
          <span className="visually-hidden">
            {' '}
            {fee.batchName} {fee.course} {fee.quarter}
          </span>
        </Button>
      ),
    },
  ];
}

function FeeForm(props: { batchOptions: { value: string; label: string }[]; batchId: string }) {
  const t = useT();
  const tm = useMessageText();
  const save = useSetOnlineFee();
  const { register, handleSubmit, formState } = useForm<Fields, unknown, Values>({
    resolver: zodResolver(onlineFeeSetSchema),
    defaultValues: { batchId: props.batchId, course: '', quarter: 'Q1', fee: '' },
  });
  const { errors } = formState;
  return (
    <form
      className="console-form"
      noValidate
      onSubmit={(event) => void handleSubmit((body) => save.mutate(body))(event)}
    >
      <Select
        label={t('catalogue.fields.batch')}
        placeholder={t('catalogue.fields.choose')}
        options={props.batchOptions}
        error={errors.batchId ? t('catalogue.fields.chooseBatch') : undefined}
        defaultValue={props.batchId}
        {...register('batchId')}
      />
      <Select
        label={t('catalogue.fields.course')}
        placeholder={t('catalogue.fields.choose')}
        options={optionsOf(COURSE_CODES)}
        error={errors.course ? t('catalogue.fields.chooseCourse') : undefined}
        {...register('course')}
      />
      <Select label={t('catalogue.fields.quarter')} options={optionsOf(QUARTERS)} {...register('quarter')} />
      <TextField
        label={t('catalogue.fields.fee')}
        inputMode="numeric"
        hint={t('catalogue.fields.rupees')}
        error={errors.fee?.message ? tm(errors.fee.message) : undefined}
        {...register('fee')}
      />
      <div className="console-row">
        <Button type="submit" loading={save.isPending}>
          {t('catalogue.onlineFees.set')}
        </Button>
      </div>
      {save.isError ? (
        <Alert tone="error">{tm(failureMessage(save.error, { network: messages.serverError }))}</Alert>
      ) : null}
      {save.isSuccess ? <Alert tone="success">{tm(save.data.message)}</Alert> : null}
    </form>
  );
}
