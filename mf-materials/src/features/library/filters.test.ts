import { type LibraryFilters, readFilters, toListRequest, writeFilters } from './filters';

describe('library filters in the URL', () => {
  it('defaults: type 2, status 0 for mine and 2 for all, page 1, page size 24', () => {
    expect(toListRequest(readFilters(new URLSearchParams(), 'mine'), 'mine')).toEqual({
      all: 0,
      cm_type: 2,
      cm_title: '',
      cm_create_time: '',
      cm_check: 0,
      page: 1,
      per_page: 24,
    });
    expect(toListRequest(readFilters(new URLSearchParams('check=1'), 'public'), 'public')).toMatchObject({ all: 1, cm_check: 2 });
  });

  it('round-trips every filter', () => {
    const filters: LibraryFilters = { cmType: 3, cmCheck: 4, keyword: '嵩山', start: '2026-01-01', end: '2026-01-31', page: 3 };
    expect(readFilters(writeFilters(filters, 'mine'), 'mine')).toEqual(filters);
    expect(toListRequest(filters, 'mine').cm_create_time).toBe('2026-01-01,2026-01-31');
  });

  it('reads a type or status the list call does not take as the default', () => {
    expect(readFilters(new URLSearchParams('type=7&check=9'), 'mine')).toMatchObject({ cmType: 2, cmCheck: 0 });
  });
});
