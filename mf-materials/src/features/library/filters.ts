/** The library's filters live in the URL, so reload and back keep them. Defaults: docs/product.md §9. */
import { LIMITS, MATERIAL_AUDIT_OPTIONS, type MaterialListRequest, MaterialType } from 'shared-sdk';
import type { LibraryScope } from './library-scope';

type MaterialKind = NonNullable<MaterialListRequest['cm_type']>;
type AuditFilter = NonNullable<MaterialListRequest['cm_check']>;

export interface LibraryFilters {
  cmType: MaterialKind;
  cmCheck: AuditFilter;
  keyword: string;
  start: string;
  end: string;
  page: number;
}

const int = (raw: string | null, fallback: number): number => {
  const value = Number(raw);
  return raw !== null && raw !== '' && Number.isInteger(value) && value >= 0 ? value : fallback;
};

/** A value of the URL that the call takes, else the default (a hand-edited address shows the default list). */
const oneOf = <T extends number>(allowed: readonly T[], raw: string | null, fallback: T): T =>
  allowed.find((value) => value === int(raw, fallback)) ?? fallback;
const KINDS: readonly MaterialKind[] = [MaterialType.MANUSCRIPT, MaterialType.IMAGE, MaterialType.VIDEO];
const AUDIT_FILTERS: readonly AuditFilter[] = MATERIAL_AUDIT_OPTIONS.map((option) => option.value);

export function defaultCheck(scope: LibraryScope): AuditFilter {
  return scope === 'public' ? LIMITS.DEFAULT_ALL_MATERIAL_AUDIT : LIMITS.DEFAULT_MY_MATERIAL_AUDIT;
}

export function readFilters(params: URLSearchParams, scope: LibraryScope): LibraryFilters {
  return {
    cmType: oneOf(KINDS, params.get('type'), LIMITS.DEFAULT_MATERIAL_TYPE),
    // The public library shows approved materials only: its status is not a filter.
    cmCheck: scope === 'public' ? defaultCheck(scope) : oneOf(AUDIT_FILTERS, params.get('check'), defaultCheck(scope)),
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
