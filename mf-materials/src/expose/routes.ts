import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
// So the numbers below are the list's defaults written out (LIMITS.DEFAULT_MATERIAL_TYPE 2,
// DEFAULT_MY_MATERIAL_AUDIT 0, DEFAULT_ALL_MATERIAL_AUDIT 2, MATERIAL_PAGE_SIZE 24); routes.test.ts
// holds both declarations to the screen's own request (filters.ts), which uses the constants.

/** The library's first call (filters.ts toListRequest with readFilters' defaults), without its date range. */
const listCall = (all: 0 | 1, cmCheck: number) => ({
  url: '/api/material/list',
  method: 'POST' as const,
  params: { all, cm_type: 2, cm_title: '', cm_create_time: '', cm_check: cmCheck, page: 1, per_page: 24 },
  // The public library's status is not a filter, so only mine reads `check`.
  fromQuery: { cm_type: 'type', cm_title: 'keyword', page: 'page', ...(all === 0 ? { cm_check: 'check' } : {}) },
});

const MATERIALS = { label: '素材', icon: 'picture', order: 3 };

const routes: RouteDeclaration[] = [
  // 我的素材 and 公共素材 as the menu opens them, each with its first call, started by the host beside
  // the code; any other value of :myset is mine too (library-scope.ts), served by the route after them.
  // They are the sidebar's 素材 group too (docs/product.md §2).
  { path: '/material/0', module: './MaterialList', title: '素材库', data: listCall(0, 0), menu: { label: '我的素材', order: 1, group: MATERIALS } },
  { path: '/material/1', module: './MaterialList', title: '素材库', data: listCall(1, 2), menu: { label: '公共素材', order: 2, group: MATERIALS } },
  { path: '/material/:myset', module: './MaterialList', title: '素材库' },
  { path: '/material/add', module: './MaterialAdd', title: '添加素材', open: 'tab' },
  { path: '/material/detail', module: './MaterialDetail', title: '素材详情', open: 'tab' },
];

export default routes;
