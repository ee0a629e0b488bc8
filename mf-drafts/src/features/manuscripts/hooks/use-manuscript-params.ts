import { useCallback } from 'react';
import { useSearchParams } from 'shared-sdk/router';
import { ALL_STATUS_FILTER, ContentType, EDITOR_KINDS, statusFiltersFor } from 'shared-sdk/contract';
import { intParam, withParams } from '../../../lib/search-params';

/** MANUSCRIPT_TABS' values: every kind. */
const MANUSCRIPT_TYPES = EDITOR_KINDS;

/**
 * What the address leaves out is what the host's early call for this route assumes (routes.ts:
 * articles and their 全部, 20), so the call it starts on each new address is the very call this
 * screen makes and no second one is sent. Another type's 全部 (-1) therefore stays in the address.
 */
const ADDRESS_DEFAULTS = { type: ContentType.ARTICLE, status: ALL_STATUS_FILTER[ContentType.ARTICLE] ?? 20, title: '', page: 1 };

/** Type, status filter, keyword and page live in the URL (reload and back keep them). */
export function useManuscriptParams() {
  const [params, setParams] = useSearchParams();
  const type = intParam(params, 'type', ContentType.ARTICLE, MANUSCRIPT_TYPES);
  const allStatus = ALL_STATUS_FILTER[type] ?? 20;
  const status = intParam(
    params,
    'status',
    allStatus,
    statusFiltersFor(type).map((option) => option.value),
  );
  const title = params.get('title') ?? '';
  const page = Math.max(1, intParam(params, 'page', 1));

  const update = useCallback((changes: Record<string, string | number>) => setParams((current) => withParams(current, changes, ADDRESS_DEFAULTS)), [setParams]);
  // A new type starts on its own 全部, which differs between types (20 or -1).
  const setType = useCallback((next: number) => update({ type: next, status: ALL_STATUS_FILTER[next] ?? 20, page: 1 }), [update]);
  const setStatus = useCallback((next: number) => update({ status: next, page: 1 }), [update]);
  const setTitle = useCallback((next: string) => update({ title: next.trim(), page: 1 }), [update]);
  const setPage = useCallback((next: number) => update({ page: next }), [update]);

  return { type, status, title, page, setType, setStatus, setTitle, setPage };
}
