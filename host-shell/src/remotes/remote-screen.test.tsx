import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import type { RemoteModuleLoader } from './remote-loader';
import { RemoteScreen } from './remote-screen';
import { screenSaying } from '../testing/fake-screens';

const RETRY = { name: /重\s*试/ };

// Awaited, so React's retries after a remote module settles run inside act.
async function renderScreen(element: ReactElement) {
  await act(async () => {
    render(element);
  });
}

describe('RemoteScreen', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('shows an error panel with 重试 when the remote fails to load, and retrying recovers', async () => {
    let calls = 0;
    const load: RemoteModuleLoader = async () => {
      calls += 1;
      if (calls === 1) throw new Error('remoteEntry.js: 502');
      return { default: screenSaying('草稿列表') };
    };
    await renderScreen(<RemoteScreen id="mf_drafts/DraftList" title="草稿箱" load={load} />);

    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', RETRY));
    expect(await screen.findByText('草稿列表')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('catches a remote screen that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('bug in the remote');
    };
    await renderScreen(<RemoteScreen id="mf_tools/Rights" title="权益中心" load={async () => ({ default: Broken })} />);
    expect(await screen.findByText('页面加载失败')).toBeInTheDocument();
    expect(screen.getByText(/「权益中心」暂时无法打开/)).toBeInTheDocument();
  });

  it('gives up after the lazy-load timeout with a clear message and 重试', async () => {
    const never: RemoteModuleLoader = () => new Promise(() => {});
    await renderScreen(<RemoteScreen id="mf_drafts/DraftList" title="草稿箱" load={never} timeoutMs={30} />);
    expect(await screen.findByText('页面加载超时')).toBeInTheDocument();
    expect(screen.getByRole('button', RETRY)).toBeInTheDocument();
  });
});
