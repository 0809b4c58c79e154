import { useLocation, useNavigate } from 'react-router';

/**
 * A page's filters and paging kept in the address (so a reload or a shared link shows the same page):
 * reading gives every named value ('' when absent); setting a filter goes back to page 1. It reads the
 * address itself rather than with React Router's useSearchParams, whose code would be in every student
 * page's first download too (framework.js holds the router whole).
 */
export function useSearchState<Name extends string>(names: readonly Name[]) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<
    Name,
    string
  >;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Math.max(1, Number(params.get('pageSize')) || 25);

  function update(changes: Record<string, string | number>) {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === '' || value === undefined) next.delete(name);
      else next.set(name, String(value));
    }
    void navigate(`?${next.toString()}`);
  }

  return {
    values,
    /** Changes whenever the applied filters do (Back, a nav link): a filter form keyed by it starts afresh. */
    filtersKey: JSON.stringify(values),
    page,
    pageSize,
    setFilters: (changes: Partial<Record<Name, string>>) => update({ ...changes, page: '' }),
    setPage: (next: number) => update({ page: next === 1 ? '' : next }),
    setPageSize: (size: number) => update({ pageSize: size, page: '' }),
  };
}
