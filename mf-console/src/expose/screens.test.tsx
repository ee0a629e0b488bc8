import { exposedModules, type FederationConfigModule } from 'shared-sdk/testing';
import routes from './routes';

// What module-federation.config.js exposes, as the build reads it (not a copy of its list).
const federation = jest.requireActual<FederationConfigModule>('../../module-federation.config.js');
const exposed = exposedModules(federation.default, `${__dirname}/../..`);

describe('mf_console screens', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s is an exposed screen', async (_path, route) => {
    const load = exposed[route.module];
    expect(load).toBeDefined();
    expect(typeof (await (load as () => Promise<{ default: unknown }>)()).default).toBe('function');
  });
});
