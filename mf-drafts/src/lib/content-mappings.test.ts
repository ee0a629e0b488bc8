import {
  ARTICLE_STATUS_FILTERS,
  EDITOR_PATHS,
  ManuscriptStatus,
  MANUSCRIPT_STATUSES,
  OTHER_STATUS_FILTERS,
  editorHref,
  manuscriptActions,
  manuscriptStatusLabel,
  statusFiltersFor,
  statusesForFilter,
} from 'shared-sdk/contract';

// docs/product.md §3, Enumerations, written out: the expected values come from docs/product.md, not from the constants under test.
/** Status label maps (three variants): (a) articles, (b) videos, (c) galleries. */
const SPEC_LABELS_A: Array<[string, string]> = [
  ['1', '内部审核中'],
  ['2', '审核中'],
  ['3', '内部审核不通过'],
  ['4', '审核中'],
  ['5', '已发布'],
  ['8', '未通过'],
];
const SPEC_LABELS_B: Array<[string, string]> = [
  ['1', '审核中'],
  ['0', '已发布'],
  ['2', '未通过'],
];
const SPEC_LABELS_C: Array<[string, string]> = [
  ['1', '已发布'],
  ['2', '已发布'],
  ['3', '未通过'],
  ['4', '未通过'],
];
/** Article status filter: 20 全部, 7 已发布, 5 审核中, 6 未通过, 4 仅我可见, 12 定时发布, 13 已下线. */
const SPEC_ARTICLE_FILTERS = [
  [20, '全部'],
  [7, '已发布'],
  [5, '审核中'],
  [6, '未通过'],
  [4, '仅我可见'],
  [12, '定时发布'],
  [13, '已下线'],
];

describe('edit target by nd_type (docs/product.md §2)', () => {
  it.each([
    [1, '/scriptWrite?draftId=7'],
    [2, '/videoWrite?draftId=7'],
    [3, '/graphWrite?draftId=7'],
    [4, '/videoWrite?isPack=1&draftId=7'],
    [5, '/post?draftId=7'],
  ])('type %i opens %s', (type, href) => {
    expect(editorHref(type, { draftId: 7 })).toBe(href);
  });

  it("has the three editors of docs/product.md §2 plus the editor's collection (video screen, isPack=1) and post, and none for other types", () => {
    expect(EDITOR_PATHS).toEqual({ 1: '/scriptWrite', 2: '/videoWrite', 3: '/graphWrite', 4: '/videoWrite?isPack=1', 5: '/post' });
    expect(editorHref(0, { draftId: 1 })).toBeNull();
    expect(editorHref(6, { draftId: 1 })).toBeNull();
    expect(editorHref(2, { manuscriptId: 9 })).toBe('/videoWrite?manuscriptId=9');
  });
});

describe('status labels (docs/product.md §3 label maps)', () => {
  const reviewed = { 1: ManuscriptStatus.IN_REVIEW } as const;
  it.each(SPEC_LABELS_A)('article review code %s reads %s', (code, label) => {
    for (const status of [ManuscriptStatus.IN_REVIEW, ManuscriptStatus.REJECTED, ManuscriptStatus.PUBLISHED]) {
      expect(manuscriptStatusLabel(1, status, Number(code))).toBe(label);
    }
    expect(reviewed[1]).toBe(5);
  });
  it.each(SPEC_LABELS_B)('video review code %s reads %s', (code, label) => {
    expect(manuscriptStatusLabel(2, ManuscriptStatus.PUBLISHED, Number(code))).toBe(label);
  });
  it.each(SPEC_LABELS_C)('gallery review code %s reads %s', (code, label) => {
    expect(manuscriptStatusLabel(3, ManuscriptStatus.REJECTED, Number(code))).toBe(label);
  });

  it.each([
    [ManuscriptStatus.PRIVATE, '仅我可见'],
    [ManuscriptStatus.SCHEDULED, '定时发布'],
    [ManuscriptStatus.OFFLINE, '已下线'],
    [ManuscriptStatus.PUBLISHED, '已发布'],
    [ManuscriptStatus.IN_REVIEW, '审核中'],
    [ManuscriptStatus.REJECTED, '未通过'],
  ])('state %i without a review code reads %s for every type', (status, label) => {
    for (const type of [1, 2, 3]) expect(manuscriptStatusLabel(type, status, null)).toBe(label);
  });

  it("ignores a review code for the creator's own states", () => {
    expect(manuscriptStatusLabel(1, ManuscriptStatus.SCHEDULED, 5)).toBe('定时发布');
  });
});

describe('status filters', () => {
  it('articles use ARTICLE_STATUS_FILTERS, the others OTHER_STATUS_FILTERS', () => {
    expect(statusFiltersFor(1)).toBe(ARTICLE_STATUS_FILTERS);
    expect(statusFiltersFor(2)).toBe(OTHER_STATUS_FILTERS);
    expect(statusFiltersFor(3)).toBe(OTHER_STATUS_FILTERS);
    expect(ARTICLE_STATUS_FILTERS.map((option) => [option.value, option.label])).toEqual(SPEC_ARTICLE_FILTERS);
    // The other lists' values -1/6/0/7 (docs/product.md §3); their labels are not shown there.
    expect(OTHER_STATUS_FILTERS.map((option) => option.value)).toEqual([-1, 6, 0, 7]);
  });

  it('maps every filter value onto stored states', () => {
    expect(statusesForFilter(1, 20)).toBeNull();
    for (const status of MANUSCRIPT_STATUSES) expect(statusesForFilter(1, status)).toEqual([status]);
    expect(statusesForFilter(2, -1)).toBeNull();
    expect(statusesForFilter(2, 0)).toEqual([ManuscriptStatus.PUBLISHED]);
    expect(statusesForFilter(3, 7)).toEqual([ManuscriptStatus.IN_REVIEW]);
    expect(statusesForFilter(3, 6)).toEqual([ManuscriptStatus.REJECTED]);
    expect(statusesForFilter(2, 12)).toBeUndefined();
    expect(statusesForFilter(1, -1)).toBeUndefined();
  });

  it('allows no edit or delete while in review, and withdrawal only when scheduled', () => {
    expect(manuscriptActions(ManuscriptStatus.IN_REVIEW)).toEqual({ edit: false, delete: false, withdraw: false });
    expect(manuscriptActions(ManuscriptStatus.SCHEDULED)).toEqual({ edit: true, delete: true, withdraw: true });
    expect(manuscriptActions(ManuscriptStatus.PUBLISHED)).toEqual({ edit: true, delete: true, withdraw: false });
  });
});
