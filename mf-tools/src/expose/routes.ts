import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
// The screens below read nothing from the address: each declares the call its page makes on opening
// (its initial state written out); routes.test.ts holds them to the screens' own request builders.
const routes: RouteDeclaration[] = [
  {
    path: '/tools/job/index',
    module: './JobList',
    title: '招聘管理',
    // The list's first call (jobs/api listJobsRequest with job-list-page's 全部, page 1 and SIZE 10).
    data: { url: '/api/job/list', method: 'POST', params: { status: 0, page: 1, size: 10 } },
  },
  { path: '/tools/job/add', module: './JobAdd', title: '发布职位', highlight: '/tools/job/index' },
  // The rank's first call (rank/api rankListRequest with rank-page's 周榜 and first type), started as the window enters it.
  { path: '/rank', module: './Rank', title: '排行榜', open: 'window', bare: true, data: { url: '/api/creatorRank/list', params: { period: 'week', type: 0 } } },
  // `data`: the screen's first call, started by the host beside the screen's code.
  { path: '/rights', module: './Rights', title: '权益中心', data: { url: '/api/rights/index' } },
  // My application's state (certification/api certificationStateRequest), a POST without fields.
  { path: '/govAffairs', module: './GovAffairs', title: '政务', data: { url: '/api/govAffairs/index', method: 'POST' } },
  { path: '/enterprise', module: './Enterprise', title: '企业', data: { url: '/api/enterpriseUser/application', method: 'POST' } },
  { path: '/helpCenter', module: './HelpCenter', title: '帮助中心', data: { url: '/api/help/categories' } },
];

export default routes;
