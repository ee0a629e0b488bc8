import type { RouteDeclaration } from 'shared-sdk/contract';

// Read by the build (routes.json) as plain data: keep this file to type-only imports and literals.
// The whole console is one route: its screens are the console's own inner routes (src/app/screens.tsx),
// drawn in its own layout with its own sign-in. The host keeps every /console route out of the
// creators' layout and menus; this one declares no menu entry either.
const routes: RouteDeclaration[] = [{ path: '/console/*', module: './Console', title: '运营后台', bare: true }];

export default routes;
