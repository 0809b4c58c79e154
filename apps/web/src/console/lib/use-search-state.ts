import { useSearchParams } from 'react-router';

/**
 * A page's filters and paging kept in the address (so a reload or a shared link shows the same page):
 * reading gives every named value ('' when absent); setting a filter goes back to page 1.
 */
export function useSearchState<Name extends string>(names: readonly Name[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<
    Name,
    string
  >;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Math.max(1, Number(params.get('pageSize')) || 25);

  function update(changes: Record<string, string | number>) {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === '' || value === undefined) next.delete(name);
        else next.set(name, String(value));
      }
      return next;
    });
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
