import { ARTICLE_STATUS_FILTERS, EDITOR_PATHS, ManuscriptStatus, MANUSCRIPT_STATUSES, OTHER_STATUS_FILTERS, STATUS_LABELS_A, STATUS_LABELS_B, STATUS_LABELS_C, editorHref, manuscriptActions, manuscriptStatusLabel, statusFiltersFor, statusesForFilter } from 'shared-sdk/contract';

describe('edit target by nd_type (spec §2)', () => {
  it.each([
    [1, '/scriptWrite?draftId=7'],
    [2, '/videoWrite?draftId=7'],
    [3, '/graphWrite?draftId=7'],
    [4, '/videoWrite?isPack=1&draftId=7'],
    [5, '/post?draftId=7'],
  ])('type %i opens %s', (type, href) => {
    expect(editorHref(type, { draftId: 7 })).toBe(href);
  });

  it("has the three editors of spec §2 plus the editor's collection (video screen, isPack=1) and post, and none for other types", () => {
    expect(EDITOR_PATHS).toEqual({ 1: '/scriptWrite', 2: '/videoWrite', 3: '/graphWrite', 4: '/videoWrite?isPack=1', 5: '/post' });
    expect(editorHref(0, { draftId: 1 })).toBeNull();
    expect(editorHref(6, { draftId: 1 })).toBeNull();
    expect(editorHref(2, { manuscriptId: 9 })).toBe('/videoWrite?manuscriptId=9');
  });
});

describe('status labels (spec §3 label maps)', () => {
  const reviewed = { 1: ManuscriptStatus.IN_REVIEW } as const;
  it.each(Object.entries(STATUS_LABELS_A))('article review code %s reads %s', (code, label) => {
    for (const status of [ManuscriptStatus.IN_REVIEW, ManuscriptStatus.REJECTED, ManuscriptStatus.PUBLISHED]) {
      expect(manuscriptStatusLabel(1, status, Number(code))).toBe(label);
    }
    expect(reviewed[1]).toBe(5);
  });
  it.each(Object.entries(STATUS_LABELS_B))('video review code %s reads %s', (code, label) => {
    expect(manuscriptStatusLabel(2, ManuscriptStatus.PUBLISHED, Number(code))).toBe(label);
  });
  it.each(Object.entries(STATUS_LABELS_C))('gallery review code %s reads %s', (code, label) => {
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
