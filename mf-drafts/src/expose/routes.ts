import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
const routes: RouteDeclaration[] = [
  { path: '/draft', module: './DraftList', title: '草稿箱' },
  { path: '/scriptDetail', module: './ScriptDetail', title: '草稿详情' },
  { path: '/personalScript', module: './PersonalScript', title: '稿件库' },
  { path: '/shortPlay', module: './ShortPlay', title: '短剧' },
  { path: '/shortPlay/detail', module: './ShortPlayDetail', title: '短剧详情', highlight: '/shortPlay' },
];

export default routes;
