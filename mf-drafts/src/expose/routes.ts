import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
// So `size: 10` below is LIMITS.DRAFT_PAGE_SIZE written out; routes.test.ts holds both calls to the
// screens' own (searchDraftsRequest, listManuscriptsRequest), which use the constant.
const routes: RouteDeclaration[] = [
  {
    path: '/draft',
    module: './DraftList',
    title: '草稿箱',
    // The list's first call (draft-api searchDrafts with use-draft-list-params' defaults), started by the host beside the code.
    data: { url: '/api/draft/search', params: { type: 0, page: 1, size: 10 }, fromQuery: { type: 'type', page: 'page', title: 'title' } },
  },
  { path: '/scriptDetail', module: './ScriptDetail', title: '草稿详情' },
  {
    path: '/personalScript',
    module: './PersonalScript',
    title: '稿件库',
    // The library's first call as the menu opens it (articles, 全部); another type's own 全部 differs, so it is not started early.
    data: { url: '/api/manuscript/list', params: { type: 1, status: 20, page: 1, size: 10 }, fromQuery: { type: 'type', status: 'status', page: 'page', title: 'title' } },
  },
  { path: '/shortPlay', module: './ShortPlay', title: '短剧' },
  { path: '/shortPlay/detail', module: './ShortPlayDetail', title: '短剧详情', highlight: '/shortPlay' },
];

export default routes;
