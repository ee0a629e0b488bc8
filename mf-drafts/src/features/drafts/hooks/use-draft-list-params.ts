import { useCallback } from 'react';
import { useSearchParams } from 'shared-sdk/router';
import { EDITOR_KINDS } from 'shared-sdk/contract';
import type { DraftSearchArgs } from '../api/draft-api';
import { intParam, withParams } from '../../../lib/search-params';

/** The 全部 tab (every kind). */
const ALL_KINDS: DraftSearchArgs['type'] = 0;
const DEFAULTS = { type: ALL_KINDS as number, title: '', page: 1 };
/** DRAFT_TABS_ALL's values: 全部 and every kind. */
const TAB_VALUES: readonly DraftSearchArgs['type'][] = [ALL_KINDS, ...EDITOR_KINDS];

/** Tab, keyword and page live in the URL, so reload and back show the same list. */
export function useDraftListParams() {
  const [params, setParams] = useSearchParams();
  const type = intParam(params, 'type', ALL_KINDS, TAB_VALUES);
  const title = params.get('title') ?? '';
  const page = Math.max(1, intParam(params, 'page', DEFAULTS.page));

  const update = useCallback((changes: Partial<typeof DEFAULTS>) => setParams((current) => withParams(current, changes, DEFAULTS)), [setParams]);
  const setType = useCallback((next: number) => update({ type: next, page: 1 }), [update]);
  const setTitle = useCallback((next: string) => update({ title: next.trim(), page: 1 }), [update]);
  const setPage = useCallback((next: number) => update({ page: next }), [update]);

  return { type, title, page, setType, setTitle, setPage };
}
