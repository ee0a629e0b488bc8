import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
// So `size: 10` below is LIMITS.DRAFT_PAGE_SIZE written out and `size: 20` short-play-page's SIZE;
// routes.test.ts holds every call to the screen's own request builder (draft-api, manuscript-api, short-play api).
// `menu`: the sidebar entries these routes are (docs/product.md §2), in the host's 稿件管理 group.

const MANUSCRIPTS = { label: '稿件管理', icon: 'file', order: 2 };

const routes: RouteDeclaration[] = [
  {
    path: '/draft',
    module: './DraftList',
    title: '草稿箱',
    menu: { label: '草稿箱', order: 2, group: MANUSCRIPTS },
    // The list's first call (draft-api searchDrafts with use-draft-list-params' defaults), started by the host beside the code.
    data: { url: '/api/draft/search', params: { type: 0, page: 1, size: 10 }, fromQuery: { type: 'type', page: 'page', title: 'title' } },
  },
  {
    path: '/scriptDetail',
    module: './ScriptDetail',
    title: '草稿详情',
    // The detail's one call (draft-api showDraft) for the draft the address names, as the lists link it (?draftId=).
    data: { url: '/api/draft/show', fromQuery: { id: 'draftId' } },
  },
  {
    path: '/personalScript',
    module: './PersonalScript',
    title: '稿件库',
    menu: { label: '稿件库', order: 1, group: MANUSCRIPTS },
    // The library's first call as the menu opens it (articles, 全部); another type's own 全部 differs, so it is not started early.
    data: {
      url: '/api/manuscript/list',
      params: { type: 1, status: 20, page: 1, size: 10 },
      fromQuery: { type: 'type', status: 'status', page: 'page', title: 'title' },
    },
  },
  {
    path: '/shortPlay',
    module: './ShortPlay',
    title: '短剧',
    // Only for creators whose authority check answers check true (docs/product.md §6).
    menu: { label: '短剧', order: 3, group: MANUSCRIPTS, access: 'shortDrama' },
    // The list's first call (short-play api listDramas with short-play-page's page 1 and SIZE 20).
    data: { url: '/api/microDrama/list', method: 'POST', params: { page: 1, size: 20 } },
  },
  {
    path: '/shortPlay/detail',
    module: './ShortPlayDetail',
    title: '短剧详情',
    highlight: '/shortPlay',
    // The detail's one call (short-play api dramaDetail) for the series the address names, as the list links it (?id=).
    data: { url: '/api/microDrama/detail', method: 'POST', fromQuery: { id: 'id' } },
  },
];

export default routes;
