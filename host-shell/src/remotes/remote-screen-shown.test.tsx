import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { startErrorReports } from './error-reports';
import { RemoteScreen } from './remote-screen';
import { screenSaying } from '../testing/fake-screens';
import { screenAt } from './vitals-booking';

// A page's first render runs as a transition (start-shell.tsx), not inside act: React schedules it, and
// the passive effects after it, as a browser would. Rendered here the same way.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('RemoteScreen marks its screen on show', () => {
  let previousAct: boolean | undefined;
  beforeEach(() => {
    previousAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = previousAct;
    document.body.innerHTML = '';
  });

  it('before the browser can paint the commit that shows it, so that paint counts for the screen', async () => {
    let clock = 0;
    const reports = startErrorReports({
      releases: () => [{ name: 'mf_tools', remote: 'mf-tools', version: '1.1.0', base: '/releases/mf-tools/1.1.0/' }],
      send: async () => undefined,
      pageLoad: 'page-load-1',
      now: () => clock,
    });
    const container = document.createElement('div');
    document.body.append(container);
    // The code is already there (preloaded with the rollout): the screen renders in the first commit.
    const module = Promise.resolve({ default: screenSaying('创作者排行榜') });
    // The first moment the screen is in the document: a browser paints it right after this task, and a
    // largest-contentful-paint entry gets that paint's time.
    const painted = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!container.textContent?.includes('创作者排行榜')) return;
        observer.disconnect();
        resolve(clock);
        // Whatever happens after this moment happens after the paint.
        clock += 1;
      });
      observer.observe(container, { childList: true, subtree: true, characterData: true });
    });
    const root = createRoot(container);
    startTransition(() => root.render(<RemoteScreen id="mf_tools/Rank" title="排行榜" load={() => module} />));
    const paintedAt = await painted;
    expect(screenAt(reports, paintedAt)).toBe('mf_tools');
    root.unmount();
  });
});
