import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'shared-sdk/router';
import { type LibraryFilters, readFilters, writeFilters } from '../filters';
import type { LibraryScope } from '../library-scope';

/** Filters and page in the URL: each change is a history entry, so back returns to the last view. */
export function useLibraryFilters(scope: LibraryScope) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params, scope), [params, scope]);
  const update = useCallback(
    (next: Partial<LibraryFilters>) => {
      // Any filter change starts again at page 1; only the pager keeps its page.
      const page = next.page ?? 1;
      setParams(writeFilters({ ...filters, ...next, page }, scope));
    },
    [filters, scope, setParams],
  );
  return { filters, update };
}
