/** The library's filters live in the URL, so reload and back keep them. Defaults: spec §9. */
import { LIMITS, type MaterialListRequest } from 'shared-sdk';
import type { LibraryScope } from './library-scope';

export interface LibraryFilters {
  cmType: number;
  cmCheck: number;
  keyword: string;
  start: string;
  end: string;
  page: number;
}

const int = (raw: string | null, fallback: number): number => {
  const value = Number(raw);
  return raw !== null && raw !== '' && Number.isInteger(value) && value >= 0 ? value : fallback;
};

export function defaultCheck(scope: LibraryScope): number {
  return scope === 'public' ? LIMITS.DEFAULT_ALL_MATERIAL_AUDIT : LIMITS.DEFAULT_MY_MATERIAL_AUDIT;
}

export function readFilters(params: URLSearchParams, scope: LibraryScope): LibraryFilters {
  return {
    cmType: int(params.get('type'), LIMITS.DEFAULT_MATERIAL_TYPE),
    // The public library shows approved materials only: its status is not a filter.
    cmCheck: scope === 'public' ? defaultCheck(scope) : int(params.get('check'), defaultCheck(scope)),
    keyword: params.get('keyword') ?? '',
    start: params.get('start') ?? '',
    end: params.get('end') ?? '',
    page: Math.max(1, int(params.get('page'), 1)),
  };
}

export function writeFilters(filters: LibraryFilters, scope: LibraryScope): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.cmType !== LIMITS.DEFAULT_MATERIAL_TYPE) params.set('type', String(filters.cmType));
  if (scope === 'mine' && filters.cmCheck !== defaultCheck(scope)) params.set('check', String(filters.cmCheck));
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.start) params.set('start', filters.start);
  if (filters.end) params.set('end', filters.end);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function toListRequest(filters: LibraryFilters, scope: LibraryScope): MaterialListRequest {
  return {
    all: scope === 'public' ? 1 : 0,
    cm_type: filters.cmType,
    cm_title: filters.keyword,
    cm_create_time: filters.start && filters.end ? `${filters.start},${filters.end}` : '',
    cm_check: filters.cmCheck,
    page: filters.page,
    per_page: LIMITS.MATERIAL_PAGE_SIZE,
  };
}
