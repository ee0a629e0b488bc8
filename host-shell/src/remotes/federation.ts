import { init, loadRemote, registerRemotes, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { RemoteEntry } from 'shared-sdk';
import { isRemoteLoadFailure, remoteFallbackPlugin } from './fallback-plugin';
import { isScreenModule, RemoteLoadError, type RemoteModuleLoader } from './remote-loader';

/**
 * Registers the released remotes with the runtime instance the build plugin created (init() reuses
 * it, so the host's shared singletons are the ones offered to the remotes). Nothing is fetched here:
 * with 'loaded-first' a remote is fetched only when one of its screens opens.
 */
const federationEntry = (remote: RemoteEntry) => ({
  name: remote.name,
  // Absolute, so the manifest's publicPath 'auto' resolves against the remote's own folder.
  entry: new URL(remote.manifestUrl, window.location.href).href,
});

/** Points a registered remote at another version (a failed canary's stable); the next load uses it. */
export function reregisterRemote(remote: RemoteEntry): void {
  registerRemotes([federationEntry(remote)], { force: true });
}

export function initFederation(remotes: readonly RemoteEntry[], plugins: ModuleFederationRuntimePlugin[] = []): RemoteModuleLoader {
  init({
    name: 'host_shell',
    remotes: remotes.map(federationEntry),
    shareStrategy: 'loaded-first',
    plugins: [...plugins, remoteFallbackPlugin()],
  });
  return async (id) => {
    let loaded: unknown;
    try {
      loaded = await loadRemote<unknown>(id);
    } catch (error) {
      throw new RemoteLoadError(id, error);
    }
    if (isRemoteLoadFailure(loaded)) throw new RemoteLoadError(id, loaded.error);
    if (!isScreenModule(loaded)) throw new RemoteLoadError(id, new Error('the exposed module has no default component'));
    return loaded;
  };
}
