import { useCallback } from 'react';
import { useSearchParams } from 'shared-sdk/router';
import { DRAFT_TABS_ALL } from 'shared-sdk/contract';
import { intParam, withParams } from '../../../lib/search-params';

const DEFAULTS = { type: 0, title: '', page: 1 };
const TAB_VALUES = DRAFT_TABS_ALL.map((tab) => tab.value);

/** Tab, keyword and page live in the URL, so reload and back show the same list. */
export function useDraftListParams() {
  const [params, setParams] = useSearchParams();
  const type = intParam(params, 'type', DEFAULTS.type, TAB_VALUES);
  const title = params.get('title') ?? '';
  const page = Math.max(1, intParam(params, 'page', DEFAULTS.page));

  const update = useCallback((changes: Partial<typeof DEFAULTS>) => setParams((current) => withParams(current, changes, DEFAULTS)), [setParams]);
  const setType = useCallback((next: number) => update({ type: next, page: 1 }), [update]);
  const setTitle = useCallback((next: string) => update({ title: next.trim(), page: 1 }), [update]);
  const setPage = useCallback((next: number) => update({ page: next }), [update]);

  return { type, title, page, setType, setTitle, setPage };
}
