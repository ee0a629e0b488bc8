import { screen } from '@testing-library/react';
import { newsCall } from 'shared-sdk';
import routes from './routes';
import { exposedModules, type FederationConfigModule, renderScreen } from 'shared-sdk/testing';

// What module-federation.config.js exposes, as the build reads it (not a copy of its list).
const federation = jest.requireActual<FederationConfigModule>('../../module-federation.config.js');
const exposed = exposedModules(federation.default, `${__dirname}/../..`);

jest.mock('shared-sdk', () => ({ ...jest.requireActual('shared-sdk'), newsCall: jest.fn() }));
(newsCall as jest.MockedFunction<typeof newsCall>).mockResolvedValue([]);

const sampleUrl = (path: string) => path.replace(/:[^/]+/g, '0');

describe('mf_newspaper screens', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s renders its screen', async (_path, route) => {
    const load = exposed[route.module];
    if (!load) throw new Error(`${route.module} is not exposed`);
    const { default: Screen } = await load();
    renderScreen(Screen, route.path, sampleUrl(route.path));
    expect(screen.getByText(route.title)).toBeInTheDocument();
    expect(await screen.findByText('该日暂无版面')).toBeInTheDocument();
  });
});
