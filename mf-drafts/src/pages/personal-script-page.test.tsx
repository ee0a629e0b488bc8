import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callKey, routeDataCall } from 'shared-sdk';
import { useLocation } from 'shared-sdk/router';
import { renderScreen } from 'shared-sdk/testing';
import routes from '../expose/routes';
import { listManuscriptsRequest, type ManuscriptListArgs } from '../features/manuscripts/api/manuscript-api';
import { PersonalScriptPage } from './personal-script-page';

const list = jest.fn();

jest.mock('../features/manuscripts/api/manuscript-api', () => ({
  ...jest.requireActual('../features/manuscripts/api/manuscript-api'),
  useListManuscriptsQuery: (args: unknown) => list(args),
  useShowManuscriptQuery: () => ({ data: undefined, error: undefined, isFetching: false }),
  useWithdrawManuscriptMutation: () => [jest.fn()],
  useDeleteManuscriptMutation: () => [jest.fn()],
}));

jest.setTimeout(60_000);

/** The screen, and the address it is at (as the host's router sees it) written out to be read. */
function LibraryAtAddress() {
  const { search } = useLocation();
  return (
    <>
      <output data-testid="address">{search}</output>
      <PersonalScriptPage />
    </>
  );
}

const routeData = routes.find((entry) => entry.path === '/personalScript')?.data;

/** The screen's last list call, after checking it is exactly the call the host starts for the address. */
function lastCall(): ManuscriptListArgs {
  const args = list.mock.lastCall?.[0] as ManuscriptListArgs;
  if (!routeData) throw new Error('/personalScript declares no data');
  const { url, params } = listManuscriptsRequest(args);
  // Equal calls are one request: the screen takes the answer of the call the host started early.
  const search = screen.getByTestId('address').textContent ?? '';
  expect(callKey(routeDataCall(routeData, search))).toBe(callKey({ path: url, params }));
  return args;
}

/** Clicks every status filter but the selected 全部, then 全部: the status each one sends. */
async function statusesSent(): Promise<number[]> {
  const radios = screen.getAllByRole('radio');
  const sent: number[] = [];
  for (const radio of [...radios.slice(1), radios[0]]) {
    if (!radio) continue;
    await userEvent.click(radio.closest('label') ?? radio);
    sent.push(lastCall().status);
  }
  return sent;
}

beforeEach(() => {
  list.mockReset().mockReturnValue({ data: { returnData: [], count: 0 }, isFetching: false });
});

describe('manuscript library filters (docs/product.md §3)', () => {
  it('articles: 全部 is 20 and the filters send 7, 5, 6, 4, 12, 13', async () => {
    renderScreen(LibraryAtAddress, '/personalScript');
    expect(lastCall()).toEqual({ type: 1, status: 20, page: 1, title: '' });
    expect(await statusesSent()).toEqual([7, 5, 6, 4, 12, 13, 20]);
  });

  it.each([
    ['视频', 2],
    ['图集', 3],
    ['合集', 4],
    ['动态', 5],
  ])('%s: the tab opens on its own 全部 (-1), and its filters send -1/6/0/7', async (tab, type) => {
    renderScreen(LibraryAtAddress, '/personalScript');
    await userEvent.click(screen.getByRole('tab', { name: tab }));
    expect(lastCall()).toEqual({ type, status: -1, page: 1, title: '' });
    // Shown in the order of docs/product.md §3, -1, 6, 0, 7: clicked from the second on, then 全部 again.
    expect(await statusesSent()).toEqual([6, 0, 7, -1]);
    await userEvent.click(screen.getByRole('tab', { name: '文章' }));
    expect(lastCall()).toEqual({ type: 1, status: 20, page: 1, title: '' });
  });
});
