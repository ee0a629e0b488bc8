import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
const routes: RouteDeclaration[] = [
  { path: '/material/:myset', module: './MaterialList', title: '素材库' },
  { path: '/material/add', module: './MaterialAdd', title: '添加素材', open: 'tab' },
  { path: '/material/detail', module: './MaterialDetail', title: '素材详情', open: 'tab' },
];

export default routes;
