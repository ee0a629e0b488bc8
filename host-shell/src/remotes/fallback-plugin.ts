import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

const FAILURE = 'host-shell/remote-load-failure';

/** What loadRemote() hands back when a remote failed: turned into an error for the screen's boundary. */
export interface RemoteLoadFailure {
  kind: typeof FAILURE;
  id: string;
  error: unknown;
}

export function isRemoteLoadFailure(value: unknown): value is RemoteLoadFailure {
  return typeof value === 'object' && value !== null && 'kind' in value && value.kind === FAILURE;
}

/**
 * Every failed remote (manifest, entry, chunk or module) ends at lifecycle 'onLoad'. A value returned
 * at 'afterResolve' would be parsed as a manifest (TOOLCHAIN pitfall 4), so other stages return nothing.
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'host-shell-remote-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`host-shell: remote ${id} failed to load`, error);
      const failure: RemoteLoadFailure = { kind: FAILURE, id, error };
      return failure;
    },
  };
}
