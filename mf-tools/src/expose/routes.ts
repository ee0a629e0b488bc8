import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
const routes: RouteDeclaration[] = [
  { path: '/tools/job/index', module: './JobList', title: '招聘管理' },
  { path: '/tools/job/add', module: './JobAdd', title: '发布职位', highlight: '/tools/job/index' },
  { path: '/rank', module: './Rank', title: '排行榜', open: 'window', bare: true },
  // `data`: the screen's first call, started by the host beside the screen's code.
  { path: '/rights', module: './Rights', title: '权益中心', data: { url: '/api/rights/index' } },
  { path: '/govAffairs', module: './GovAffairs', title: '政务' },
  { path: '/enterprise', module: './Enterprise', title: '企业' },
  { path: '/helpCenter', module: './HelpCenter', title: '帮助中心', data: { url: '/api/help/categories' } },
];

export default routes;
