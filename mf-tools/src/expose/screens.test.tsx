import routes from './routes';
import { exposedModules, type FederationConfigModule } from 'shared-sdk/testing';

// What module-federation.config.js exposes, as the build reads it (not a copy of its list).
const federation = jest.requireActual<FederationConfigModule>('../../module-federation.config.js');
const exposed = exposedModules(federation.default, `${__dirname}/../..`);

describe('mf_tools screens', () => {
  // Every screen is built (its content is tested beside its feature): each route's module is exposed as a component.
  it.each(routes.map((route) => [route.path, route] as const))('%s is an exposed screen', async (_path, route) => {
    const load = exposed[route.module];
    expect(load).toBeDefined();
    expect(typeof (await (load as () => Promise<{ default: unknown }>)()).default).toBe('function');
  });

  it('highlights recruitment management from the add screen and opens the rank in a new window (docs/product.md §2)', () => {
    expect(routes.find((route) => route.path === '/tools/job/add')?.highlight).toBe('/tools/job/index');
    expect(routes.find((route) => route.path === '/rank')).toMatchObject({ open: 'window', bare: true });
  });
});
