import routes from './routes';
import { expectComingSoonScreen, type ExposedModules } from 'shared-sdk/testing';

// The same modules module-federation.config.js exposes.
const exposed: ExposedModules = {
  './JobList': () => import('./job-list'),
  './JobAdd': () => import('./job-add'),
  './Rank': () => import('./rank'),
  './Rights': () => import('./rights'),
  './GovAffairs': () => import('./gov-affairs'),
  './Enterprise': () => import('./enterprise'),
  './HelpCenter': () => import('./help-center'),
};

// Screens that are built show their content (tested beside their features), not the notice.
const BUILT = new Set(['/tools/job/index', '/tools/job/add', '/govAffairs', '/enterprise']);

describe('mf_tools screens', () => {
  it.each(routes.filter((route) => !BUILT.has(route.path)).map((route) => [route.path, route] as const))('%s renders its coming-soon page', (_path, route) => expectComingSoonScreen(route, exposed));

  it('highlights recruitment management from the add screen and opens the rank in a new window (spec §2)', () => {
    expect(routes.find((route) => route.path === '/tools/job/add')?.highlight).toBe('/tools/job/index');
    expect(routes.find((route) => route.path === '/rank')).toMatchObject({ open: 'window', bare: true });
  });
});
