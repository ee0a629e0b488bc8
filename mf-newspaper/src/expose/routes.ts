import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
const routes: RouteDeclaration[] = [
  { path: '/newspaper', module: './Newspaper', title: '数字报' },
];

export default routes;
