import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
const routes: RouteDeclaration[] = [
  { path: '/scriptWrite', module: './ScriptWrite', title: '写文章', open: 'tab', bare: true },
  { path: '/videoWrite', module: './VideoWrite', title: '发视频', open: 'tab', bare: true },
  { path: '/graphWrite', module: './GraphWrite', title: '发图集', open: 'tab', bare: true },
  { path: '/post', module: './Post', title: '发帖子', open: 'tab', bare: true },
  { path: '/episode', module: './Episode', title: '剧集', open: 'tab', bare: true },
];

export default routes;
