import { SUMMARY_GROUPS } from '@portal/shared/schemas/staff-money';
import { QueryState } from '@/console/components/query-state';
import { TableScroll } from '@/console/components/table-scroll';
import { FilterBar } from '@/console/components/filter-bar';
import { useSearchState } from '@/console/lib/use-search-state';
import { useFormat } from '@/lib/i18n';
import { useT } from '@/console/i18n';
import { usePaymentsSummary } from '@/console/features/money/api/payments-summary';

const filterNames = ['from', 'to', 'groupBy'] as const;

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
            kind: 'text',
            hint: t('money.collections.fromHint'),
          },
          { name: 'to', label: t('money.collections.to'), kind: 'text', hint: 'YYYY-MM-DD' },
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
        <TableScroll label={t('money.collections.title')}>
          <table className="console-table">
            <caption>
              {data.from === data.to
                ? t('money.collections.collectedOn', { date: data.from })
                : t('money.collections.collectedFromTo', { from: data.from, to: data.to })}
            </caption>
            <thead>
              <tr>
                {shows('course') ? <th scope="col">{t('money.course')}</th> : null}
                {shows('batch') ? <th scope="col">{t('money.batch')}</th> : null}
                {shows('quarter') ? <th scope="col">{t('money.quarter')}</th> : null}
                <th scope="col">{t('money.collections.payments')}</th>
                <th scope="col">{t('money.collections.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={`${row.course}-${row.batchId}-${row.quarter}`}>
                  {shows('course') ? <td>{row.course}</td> : null}
                  {shows('batch') ? <td>{row.batchName}</td> : null}
                  {shows('quarter') ? <td>{row.quarter}</td> : null}
                  <td>{format.number(row.count, { useGrouping: false })}</td>
                  <td>{format.number(row.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={by ? 1 : 3}>
                  {t('money.collections.total')}
                </th>
                <td>{format.number(data.total.count, { useGrouping: false })}</td>
                <td>{format.number(data.total.amount)}</td>
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      ) : null}
    </div>
  );
}
