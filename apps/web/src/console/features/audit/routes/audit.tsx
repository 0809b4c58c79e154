import { messages } from '@portal/shared/messages';
import { QueryFailure } from '@/components/ui/failure-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { AuditList } from '@/console/components/audit-list';
import { Pager } from '@/console/components/data-table';
import { FilterBar } from '@/console/components/filter-bar';
import { useT } from '@/console/i18n';
import { useSearchState } from '@/console/lib/use-search-state';
import { auditCsvUrl, useAudit } from '@/console/features/audit/api/audit';

const filterNames = ['actor', 'action', 'subjectId'] as const;

export function AuditRoute() {
  const t = useT();
  const search = useSearchState(filterNames);
  const audit = useAudit({ ...search.values, page: search.page, pageSize: search.pageSize });

  return (
    <div className="stack">
      <h1>{t('audit.title')}</h1>
      <FilterBar
        key={search.filtersKey}
        label={t('audit.filterLabel')}
        values={search.values}
        onApply={search.setFilters}
        fields={[
          { name: 'actor', label: t('audit.actor'), kind: 'text' },
          { name: 'action', label: t('audit.action'), kind: 'text' },
          { name: 'subjectId', label: t('audit.subjectId'), kind: 'text' },
        ]}
      />
      <p>
        <a href={auditCsvUrl(search.values)} download>
          {t('audit.download')}
        </a>
      </p>
      {audit.isPending ? <Skeleton lines={8} /> : null}
      {audit.isError ? <QueryFailure query={audit} networkMessage={messages.serverError} /> : null}
      {audit.data ? (
        <>
          <AuditList entries={audit.data.data} caption={t('audit.caption')} />
          <Pager
            page={search.page}
            pageSize={search.pageSize}
            total={audit.data.total}
            onPage={search.setPage}
          />
        </>
      ) : null}
    </div>
  );
}
