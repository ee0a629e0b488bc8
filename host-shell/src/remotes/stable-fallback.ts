/**
 * The host's side of a canary: when a version that is not stable fails to load (manifest, entry
 * script, chunk or exposed module), the remote is registered again at stable, the screen is retried
 * once in the same page, and both loads are reported so the server can judge the canary. The retry
 * works after any failure because each version has its own chunk registry (chunk-registries.ts).
 * A failure is booked to the version that failed: the retry is reported as phase 'retry', which the
 * server never counts against stable (a retry can fail for what the canary left behind).
 */
import type { RunningRelease } from './error-reports';
import type { LoadReport, Reporter } from './load-reports';
import { RemoteLoadError, type RemoteModuleLoader } from './remote-loader';
import type { PlannedRemote } from './rollout';
import type { RemoteEntry } from 'shared-sdk';

export interface FallbackLoader {
  load: RemoteModuleLoader;
  /**
   * A new plan for the same page (the user logged in or out): remotes whose version changes are
   * registered again. A version that already failed in this page stays replaced by stable.
   */
  replan(plans: readonly PlannedRemote[]): void;
  /** Each remote's release as the page runs it now (after any fallback), for the error reports; lists are not releases. */
  running(): RunningRelease[];
}

export function withStableFallback(
  base: RemoteModuleLoader,
  plans: readonly PlannedRemote[],
  register: (entry: RemoteEntry) => void,
  report: Reporter,
): FallbackLoader {
  const current = new Map(plans.map((plan) => [plan.entry.name, plan]));
  const failed = new Set<string>();
  const reported = new Set<string>();
  // Once per remote and version in a page, its first outcome: the server counts one per page load.
  const once = (plan: PlannedRemote, entry: RemoteEntry, ok: boolean, phase: LoadReport['phase']) => {
    if (plan.reason === 'list') return; // Not a release: nothing to count.
    const key = `${plan.folder}@${entry.version}`;
    if (reported.has(key)) return;
    reported.add(key);
    report({ remote: plan.folder, version: entry.version, ok, phase });
  };

  const load: RemoteModuleLoader = async (id) => {
    const plan = current.get(id.split('/')[0] ?? '');
    if (!plan) return base(id);
    const entry = plan.entry;
    try {
      const loaded = await base(id);
      once(plan, entry, true, 'entry');
      return loaded;
    } catch (error) {
      once(plan, entry, false, error instanceof RemoteLoadError ? 'entry' : 'screen');
      const stable = plan.stable;
      if (!stable || stable.version === entry.version) throw error;
      console.warn(`host-shell: ${plan.folder} ${entry.version} failed; falling back to stable ${stable.version}`, error);
      failed.add(`${plan.folder}@${entry.version}`);
      const fallback: PlannedRemote = { ...plan, entry: stable };
      current.set(stable.name, fallback);
      register(stable);
      try {
        const loaded = await base(id);
        once(fallback, stable, true, 'retry');
        return loaded;
      } catch (retryError) {
        once(fallback, stable, false, 'retry');
        throw retryError;
      }
    }
  };

  const replan = (next: readonly PlannedRemote[]) => {
    for (const plan of next) {
      const now = current.get(plan.entry.name);
      // The router was built from the start-up plan: a remote new since then waits for a page load.
      if (!now) continue;
      const usable = failed.has(`${plan.folder}@${plan.entry.version}`) && plan.stable ? { ...plan, entry: plan.stable } : plan;
      current.set(plan.entry.name, usable);
      if (usable.entry.manifestUrl !== now.entry.manifestUrl) register(usable.entry);
    }
  };

  const running = (): RunningRelease[] =>
    [...current.values()]
      .filter((plan) => plan.reason !== 'list')
      .map((plan) => ({
        name: plan.entry.name,
        remote: plan.folder,
        version: plan.entry.version,
        base: plan.entry.manifestUrl.slice(0, plan.entry.manifestUrl.lastIndexOf('/') + 1),
      }));

  return { load, replan, running };
}
