import type { RemoteEntry } from 'shared-sdk';
import type { LoadReport } from './load-reports';
import { RemoteLoadError, type RemoteModuleLoader } from './remote-loader';
import { planRemotes } from './rollout';
import { rolloutView as view, usersAround } from './rollout-fixtures';
import { withStableFallback } from './stable-fallback';

const screen = { default: () => null };

/** A federation runtime stand-in: loads whatever version is registered, failing the ones listed. */
function fakeRuntime(initial: string | undefined, broken: string[]) {
  let registered = initial;
  const load: RemoteModuleLoader = async (id) => {
    if (registered && broken.includes(registered)) throw new RemoteLoadError(id, new Error('remoteEntry.js: 404'));
    return screen;
  };
  const register = jest.fn((entry: RemoteEntry) => {
    registered = entry.version;
  });
  return { load, register, registered: () => registered };
}

describe('withStableFallback', () => {
  const { inside, outside } = usersAround(50);
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('re-registers a failed canary at stable, retries once and reports both loads', async () => {
    const plans = planRemotes(view(inside), []);
    const runtime = fakeRuntime(plans[0]?.entry.version, ['1.1.0']);
    const reports: LoadReport[] = [];
    const { load } = withStableFallback(runtime.load, plans, runtime.register, (r) => reports.push(r));
    await expect(load('mf_tools/Rights')).resolves.toBe(screen);
    expect(runtime.register).toHaveBeenCalledWith(expect.objectContaining({ version: '1.0.0', manifestUrl: '/releases/mf-tools/1.0.0/mf-manifest.json' }));
    expect(reports).toEqual([
      { remote: 'mf-tools', version: '1.1.0', ok: false, phase: 'entry' },
      { remote: 'mf-tools', version: '1.0.0', ok: true, phase: 'retry' },
    ]);
    // Later screens of the same remote use stable directly, and are not reported twice.
    await expect(load('mf_tools/Other')).resolves.toBe(screen);
    expect(runtime.register).toHaveBeenCalledTimes(1);
    expect(reports).toHaveLength(2);
  });

  it('reports a successful load once, and rethrows a failing stable', async () => {
    const reports: LoadReport[] = [];
    const ok = withStableFallback(
      async () => screen,
      planRemotes(view(null), []),
      jest.fn(),
      (r) => reports.push(r),
    );
    await ok.load('mf_tools/Rights');
    await ok.load('mf_tools/Rights');
    expect(reports).toEqual([{ remote: 'mf-tools', version: '1.0.0', ok: true, phase: 'entry' }]);

    const register = jest.fn();
    const failing = withStableFallback(
      async () => Promise.reject(new Error('boom')),
      planRemotes(view(null), []),
      register,
      (r) => reports.push(r),
    );
    await expect(failing.load('mf_tools/Rights')).rejects.toThrow('boom');
    expect(register).not.toHaveBeenCalled();
    expect(reports.at(-1)).toEqual({ remote: 'mf-tools', version: '1.0.0', ok: false, phase: 'screen' });
  });

  it('books a failed retry to the retry, never as a stable load, and reports each version once a page', async () => {
    const plans = planRemotes(view(inside), []);
    const runtime = fakeRuntime(plans[0]?.entry.version, ['1.1.0', '1.0.0']);
    const reports: LoadReport[] = [];
    const { load } = withStableFallback(runtime.load, plans, runtime.register, (r) => reports.push(r));
    await expect(load('mf_tools/Rights')).rejects.toThrow(RemoteLoadError);
    await expect(load('mf_tools/Rank')).rejects.toThrow(RemoteLoadError);
    expect(reports).toEqual([
      { remote: 'mf-tools', version: '1.1.0', ok: false, phase: 'entry' },
      { remote: 'mf-tools', version: '1.0.0', ok: false, phase: 'retry' },
    ]);
  });

  it('after login, moves a canary user onto the canary; after logout, back to stable', async () => {
    const runtime = fakeRuntime('1.0.0', []);
    const reports: LoadReport[] = [];
    const loader = withStableFallback(runtime.load, planRemotes(view(null), []), runtime.register, (r) => reports.push(r));
    loader.replan(planRemotes(view(inside), []));
    expect(runtime.registered()).toBe('1.1.0');
    await loader.load('mf_tools/Rights');
    expect(reports).toEqual([{ remote: 'mf-tools', version: '1.1.0', ok: true, phase: 'entry' }]);
    loader.replan(planRemotes(view(null), []));
    expect(runtime.registered()).toBe('1.0.0');
    // A user outside the bucket changes nothing.
    loader.replan(planRemotes(view(outside), []));
    expect(runtime.register).toHaveBeenCalledTimes(2);
  });

  it('keeps a canary that failed in this page replaced by stable when re-planning', async () => {
    const plans = planRemotes(view(inside), []);
    const runtime = fakeRuntime('1.1.0', ['1.1.0']);
    const loader = withStableFallback(runtime.load, plans, runtime.register, jest.fn());
    await loader.load('mf_tools/Rights');
    loader.replan(planRemotes(view(inside), []));
    expect(runtime.registered()).toBe('1.0.0');
    expect(runtime.register).toHaveBeenCalledTimes(1);
  });
});
