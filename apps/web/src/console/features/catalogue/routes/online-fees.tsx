import type { z } from '@portal/shared/schemas/zod';
import { messages } from '@portal/shared/messages';
import { onlineFeeSetSchema, type StaffOnlineFee } from '@portal/shared/schemas/staff-catalogue';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-client';
import { useMessageText } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { EntityForm, type EntityField } from '@/console/components/entity-form';
import { FilterBar } from '@/console/components/filter-bar';
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
import { useScopeFilters, useScopeFormFields } from '@/console/features/catalogue/components/scope-fields';
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
  const scopeFilters = useScopeFilters(batchOptions);

  return (
    <div className="stack">
      <h1>{t('catalogue.onlineFees.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={t('catalogue.onlineFees.filter')}
        fields={scopeFilters}
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

/** Sets a batch's fee for a course and quarter (the filter's batch chosen at first). */
function FeeForm(props: { batchOptions: { value: string; label: string }[]; batchId: string }) {
  const t = useT();
  const tm = useMessageText();
  const save = useSetOnlineFee();
  const fields: EntityField<Fields, Values>[] = [
    ...useScopeFormFields<Fields, Values>(props.batchOptions),
    { name: 'fee', label: t('catalogue.fields.fee'), kind: 'number', hint: t('catalogue.fields.rupees') },
  ];
  return (
    <EntityForm
      schema={onlineFeeSetSchema}
      fields={fields}
      defaultValues={{ batchId: props.batchId, course: '', quarter: 'Q1', fee: '' }}
      submitLabel={t('catalogue.onlineFees.set')}
      save={save}
      onSubmit={(body) => save.mutate(body)}
      success={save.isSuccess ? <Alert tone="success">{tm(save.data.message)}</Alert> : null}
    />
  );
}
