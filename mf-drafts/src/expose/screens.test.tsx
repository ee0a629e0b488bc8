import { screen } from '@testing-library/react';
import routes from './routes';
import { exposedModules, type FederationConfigModule, renderScreen } from 'shared-sdk/testing';

jest.mock('../features/drafts/api/draft-api', () => ({
  useSearchDraftsQuery: () => ({ data: { returnData: [], count: 0 }, isFetching: false }),
  useShowDraftQuery: () => ({ data: undefined, error: undefined, isLoading: false }),
  useDeleteDraftMutation: () => [jest.fn()],
}));
jest.mock('../features/short-play/api', () => ({
  useListDramasQuery: () => ({ data: { list: [], total: 0 }, isLoading: false }),
  useDramaDetailQuery: () => ({ data: undefined, error: undefined, isLoading: false, refetch: jest.fn() }),
  useSaveDramaMutation: () => [jest.fn(), { isLoading: false }],
}));
jest.mock('../features/manuscripts/api/manuscript-api', () => ({
  useListManuscriptsQuery: () => ({ data: { returnData: [], count: 0 }, isFetching: false }),
  useShowManuscriptQuery: () => ({ data: undefined, error: undefined, isFetching: false }),
  useWithdrawManuscriptMutation: () => [jest.fn()],
  useDeleteManuscriptMutation: () => [jest.fn()],
}));

// What module-federation.config.js exposes, as the build reads it (not a copy of its list).
const federation = jest.requireActual<FederationConfigModule>('../../module-federation.config.js');
const exposed = exposedModules(federation.default, `${__dirname}/../..`);

const sampleUrl = (path: string) => path.replace(/:[^/]+/g, '0');

describe('mf_drafts screens', () => {
  it.each(routes.map((route) => [route.path, route] as const))('%s renders under its title', async (_path, route) => {
    const load = exposed[route.module];
    if (!load) throw new Error(`${route.module} is not exposed`);
    const { default: Screen } = await load();
    renderScreen(Screen, route.path, sampleUrl(route.path));
    expect(screen.getByText(route.title)).toBeInTheDocument();
  });

  it('highlights the short drama menu entry from its detail screen (docs/product.md §2)', () => {
    expect(routes.find((route) => route.path === '/shortPlay/detail')?.highlight).toBe('/shortPlay');
  });
});
