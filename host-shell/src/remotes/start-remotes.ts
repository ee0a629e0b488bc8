/**
 * Start-up of the remotes: the rollout view (or its last good copy, or the plain list), each remote
 * at this user's version, registered with the federation runtime behind the stable fallback and the
 * integrity checks. Logging in or out changes the user, so the view is asked for again then.
 */
import { getToken, type RemoteEntry } from 'shared-sdk';
import { separateChunkRegistries } from './chunk-registries';
import { initFederation, reregisterRemote } from './federation';
import { signedErrorSender, startErrorReports } from './error-reports';
import { startVitalsReports } from './vitals-start';
import { fetchRemotes } from './fetch-remotes';
import { IntegrityIndex, integrityFetch, integrityPlugin } from './integrity';
import { ManifestCache, onFirstActivity, whenIdle } from './manifest-cache';
import { newPageLoadId, signedLoadReporter } from './load-reports';
import type { RemoteModuleLoader } from './remote-loader';
import { fetchRollout, planRemotes, readOverrides, safeStorage } from './rollout';
import { sharePreloadPlugin } from './share-preload';
import { withStableFallback } from './stable-fallback';

/** The host's store, or anything else that says when the session may have changed. */
export interface SessionSource {
  subscribe(listener: () => void): () => void;
}

export async function startRemotes(session?: SessionSource): Promise<{ remotes: RemoteEntry[]; loadRemote: RemoteModuleLoader }> {
  let token = getToken();
  const overrides = readOverrides(
    window.location.search,
    safeStorage(() => window.sessionStorage),
  );
  const view = await fetchRollout(token, {}, overrides);
  // No rollout (none received, none kept, or nothing released yet): the plain list, as before.
  const listed = view && Object.keys(view.remotes).length > 0 ? [] : await fetchRemotes();
  const plans = planRemotes(view, listed, overrides);
  const integrity = new IntegrityIndex(window.location.href);
  integrity.add(view);
  const remotes = plans.map((plan) => plan.entry);
  // Before any remote code runs: each version keeps its chunks to itself, so stable can take over from a failed canary.
  separateChunkRegistries(remotes.map((remote) => remote.name));
  const pageLoad = newPageLoadId();
  const report = signedLoadReporter(pageLoad);
  const manifests = new ManifestCache(integrityFetch(integrity));
  const fallback = withStableFallback(
    initFederation(remotes, [integrityPlugin(integrity, manifests), sharePreloadPlugin(manifests, (url) => integrity.of(url))]),
    plans,
    reregisterRemote,
    report,
  );
  // What goes wrong in the remotes' screens after they load, and how fast they paint and answer, for the canary analysis.
  void startVitalsReports(startErrorReports({ releases: () => fallback.running(), send: signedErrorSender, pageLoad }));
  // Signed in, fetch this user's remote manifests once the person starts using the page (a pointer
  // moves, a key is pressed), so a remote screen's first opening starts with its code instead of a
  // manifest round trip. No remote code is fetched here, and nothing queues before the first
  // screen's own requests.
  const warmManifests = (entries: readonly RemoteEntry[]) => {
    if (getToken()) onFirstActivity(() => whenIdle(() => entries.forEach((entry) => manifests.warm(entry.manifestUrl))));
  };
  warmManifests(remotes);

  // A screen opened while the new view is on its way waits for it: one user, one version per page.
  let replanned: Promise<void> = Promise.resolve();
  session?.subscribe(() => {
    const next = getToken();
    if (next === token) return;
    token = next;
    replanned = replanned
      .then(async () => {
        const fresh = await fetchRollout(next, {}, overrides);
        if (!fresh || next !== token) return; // Offline, or superseded by a later login or logout.
        integrity.add(fresh);
        const replan = planRemotes(fresh, listed, overrides);
        fallback.replan(replan);
        warmManifests(replan.map((plan) => plan.entry));
      })
      .catch((error: unknown) => console.warn('host-shell: the rollout could not be applied after the session changed', error));
  });
  const loadRemote: RemoteModuleLoader = async (id) => {
    await replanned;
    return fallback.load(id);
  };
  return { remotes, loadRemote };
}
