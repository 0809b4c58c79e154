import { messages } from '@portal/shared/messages';
import { FailurePanel } from '../../../../components/ui/failure-panel';
import { Skeleton } from '../../../../components/ui/skeleton';
import { AuditList } from '../../../components/audit-list';
import { Pager } from '../../../components/data-table';
import { FilterBar } from '../../../components/filter-bar';
import { useSearchState } from '../../../lib/use-search-state';
import { useAudit } from '../api/audit';

const filterNames = ['actor', 'action', 'subjectId'] as const;

export function AuditRoute() {
  const search = useSearchState(filterNames);
  const audit = useAudit({ ...search.values, page: search.page, pageSize: search.pageSize });

  return (
    <div className="stack">
      <h1>Audit</h1>
      <FilterBar
        key={search.filtersKey}
        label="Filter the audit log"
        values={search.values}
        onApply={search.setFilters}
        fields={[
          { name: 'actor', label: 'Actor (e-mail)', kind: 'text' },
          { name: 'action', label: 'Action', kind: 'text' },
          { name: 'subjectId', label: 'Subject id', kind: 'text' },
        ]}
      />
      {audit.isPending ? <Skeleton lines={8} /> : null}
      {audit.isError ? (
        <FailurePanel
          error={audit.error}
          networkMessage={messages.serverError}
          retrying={audit.isFetching}
          onRetry={() => void audit.refetch()}
        />
      ) : null}
      {audit.data ? (
        <>
          <AuditList entries={audit.data.data} caption="Audit entries" />
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
