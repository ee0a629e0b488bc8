import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
const routes: RouteDeclaration[] = [
  // No `data`: its first call goes to the newspaper host, for today's date as the client reckons it.
  { path: '/newspaper', module: './Newspaper', title: '数字报' },
];

export default routes;
