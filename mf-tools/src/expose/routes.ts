import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
// The screens below read nothing from the address: each declares the call its page makes on opening
// (its initial state written out); routes.test.ts holds them to the screens' own request builders.
// `menu`: the sidebar entries these routes are (docs/product.md §2); the 工具 group only for users with its tool.

const routes: RouteDeclaration[] = [
  {
    path: '/tools/job/index',
    module: './JobList',
    title: '招聘管理',
    menu: { label: '招聘管理', order: 1, group: { label: '工具', icon: 'tool', order: 9 }, access: { tool: 'oddjobs' } },
    // The list's first call (jobs/api listJobsRequest with job-list-page's 全部, page 1 and SIZE 10).
    data: { url: '/api/job/list', method: 'POST', params: { status: 0, page: 1, size: 10 } },
  },
  { path: '/tools/job/add', module: './JobAdd', title: '发布职位', highlight: '/tools/job/index' },
  // The rank's first call (rank/api rankListRequest with rank-page's 周榜 and first type), started as the window enters it.
  {
    path: '/rank',
    module: './Rank',
    title: '排行榜',
    open: 'window',
    bare: true,
    data: { url: '/api/creatorRank/list', params: { period: 'week', type: 0 } },
    menu: { label: '排行榜', icon: 'trophy', order: 4 },
  },
  // `data`: the screen's first call, started by the host beside the screen's code.
  { path: '/rights', module: './Rights', title: '权益中心', data: { url: '/api/rights/index' }, menu: { label: '权益中心', icon: 'gift', order: 5 } },
  // My application's state (certification/api certificationStateRequest), a POST without fields.
  {
    path: '/govAffairs',
    module: './GovAffairs',
    title: '政务',
    data: { url: '/api/govAffairs/index', method: 'POST' },
    menu: { label: '政务', icon: 'bank', order: 6 },
  },
  {
    path: '/enterprise',
    module: './Enterprise',
    title: '企业',
    data: { url: '/api/enterpriseUser/application', method: 'POST' },
    menu: { label: '企业', icon: 'shop', order: 7 },
  },
  {
    path: '/helpCenter',
    module: './HelpCenter',
    title: '帮助中心',
    data: { url: '/api/help/categories' },
    menu: { label: '帮助中心', icon: 'question', order: 8 },
  },
];

export default routes;
