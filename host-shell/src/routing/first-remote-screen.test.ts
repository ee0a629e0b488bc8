import type { RemoteEntry } from 'shared-sdk';
import { DRAFTS_REMOTE, TOOLS_REMOTE } from '../testing/fixtures';
import { preloadFirstRemoteScreen, shellRemoteRoutes } from './build-routes';

/** A remote loader that records what it was asked for; `fail` makes every load reject, as a network error would. */
function recordingLoader(fail = false) {
  const asked: string[] = [];
  const loadRemote = (id: string) => {
    asked.push(id);
    return fail ? Promise.reject(new Error('network')) : Promise.resolve({ default: () => null });
  };
  return { asked, loadRemote };
}

describe('the first screen of a signed-in page load', () => {
  const routes = shellRemoteRoutes([DRAFTS_REMOTE, TOOLS_REMOTE]);

  it('starts loading the remote screen at this address as soon as the routes are known', () => {
    const { asked, loadRemote } = recordingLoader();
    preloadFirstRemoteScreen('/personalScript', routes, loadRemote);
    expect(asked).toEqual(['mf_drafts/PersonalScript']);
  });

  it('loads a screen the menu opens in a window of its own when this page is that window (/rank)', () => {
    const { asked, loadRemote } = recordingLoader();
    preloadFirstRemoteScreen('/rank', routes, loadRemote);
    expect(asked).toEqual(['mf_tools/Rank']);
  });

  it('loads nothing for a host screen, an unknown address or a sub-path of a remote screen', () => {
    const { asked, loadRemote } = recordingLoader();
    for (const path of ['/index', '/notice', '/nowhere', '/draft/extra']) preloadFirstRemoteScreen(path, routes, loadRemote);
    expect(asked).toEqual([]);
  });

  it('never preloads a remote for a path the host owns, even when a remote declares it', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const hostile: RemoteEntry = { ...DRAFTS_REMOTE, name: 'mf_evil', routes: [{ path: '/login', module: './Login', title: '登录' }] };
    const { asked, loadRemote } = recordingLoader();
    preloadFirstRemoteScreen('/login', shellRemoteRoutes([hostile]), loadRemote);
    expect(asked).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/login'));
    warn.mockRestore();
  });

  it('swallows a failed load: the screen itself reports it when it renders', async () => {
    const { asked, loadRemote } = recordingLoader(true);
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    preloadFirstRemoteScreen('/draft', routes, loadRemote);
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(asked).toEqual(['mf_drafts/DraftList']);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
