import { SUMMARY_GROUPS, type PaymentsSummaryRow } from '@portal/shared/schemas/staff-money';
import { QueryState } from '@/console/components/query-state';
import { ListTable, type Column } from '@/console/components/list-table';
import { FilterBar } from '@/console/components/filter-bar';
import { useSearchState } from '@/console/lib/use-search-state';
import { useFormat } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { usePaymentsSummary } from '@/console/features/money/api/payments-summary';

const filterNames = ['from', 'to', 'groupBy'] as const;

/** The grouping columns shown (all of them, or the one grouped by), then the payments and the amount. */
function collectionColumns(
  t: ReturnType<typeof useT>,
  format: ReturnType<typeof useFormat>,
  shows: (group: string) => boolean,
): (Column<PaymentsSummaryRow> | false)[] {
  return [
    shows('course') && { key: 'course', header: t('money.course'), cell: (row) => row.course },
    shows('batch') && { key: 'batch', header: t('money.batch'), cell: (row) => row.batchName },
    shows('quarter') && { key: 'quarter', header: t('money.quarter'), cell: (row) => row.quarter },
    {
      key: 'payments',
      header: t('money.collections.payments'),
      cell: (row) => format.number(row.count, { useGrouping: false }),
    },
    { key: 'amount', header: t('money.collections.amount'), cell: (row) => format.number(row.amount) },
  ];
}

/** What was collected per course, batch and quarter for a day or a range (today unless chosen). */
export function CollectionsRoute() {
  const t = useT();
  const format = useFormat();
  const search = useSearchState(filterNames);
  const today = new Date().toISOString().slice(0, 10);
  const from = search.values.from || today;
  const to = search.values.to || from;
  const summary = usePaymentsSummary({ from, to, groupBy: search.values.groupBy });
  const data = summary.data?.data;
  const by = search.values.groupBy;
  const shows = (group: string) => !by || by === group;
  return (
    <div className="stack">
      <h1>{t('money.collections.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={t('money.collections.filter')}
        values={{ ...search.values, from, to }}
        onApply={search.setFilters}
        fields={[
          {
            name: 'from',
            label: t('money.collections.from'),
            kind: 'date',
            hint: t('money.collections.fromHint'),
          },
          { name: 'to', label: t('money.collections.to'), kind: 'date' },
          {
            name: 'groupBy',
            label: t('money.collections.groupBy'),
            kind: 'select',
            options: SUMMARY_GROUPS.map((group) => ({
              value: group,
              label: t(`money.collections.groups.${group}`),
            })),
          },
        ]}
      />
      <QueryState query={summary} lines={6} />
      {data ? (
        <ListTable
          label={t('money.collections.title')}
          caption={
            data.from === data.to
              ? t('money.collections.collectedOn', { date: data.from })
              : t('money.collections.collectedFromTo', { from: data.from, to: data.to })
          }
          rows={data.rows}
          columns={collectionColumns(t, format, shows)}
          rowKey={(row) => `${row.course}-${row.batchId}-${row.quarter}`}
          footer={
            <tr>
              <th scope="row" colSpan={by ? 1 : 3}>
                {t('money.collections.total')}
              </th>
              <td>{format.number(data.total.count, { useGrouping: false })}</td>
              <td>{format.number(data.total.amount)}</td>
            </tr>
          }
        />
      ) : null}
    </div>
  );
}
