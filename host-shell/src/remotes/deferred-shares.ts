/**
 * Shares registered when asked for, not all at start-up. The host provides about 150 shared modules
 * (every antd component, the icons it uses, React, the SDK ...). The federation runtime formatted and
 * registered every one of them in the page's first task, before the shell's own code could start;
 * a screen uses a fraction of them. This build-time runtime plugin (build-tools adds it to the host's
 * federation plugin) keeps the shares out of the runtime's first registration and registers each one
 * the first time the host's code asks for it, and all of them at once the first time a remote is
 * requested: a remote takes its antd components from the host, so they must all be in the share
 * scope before a remote's code runs. Nothing changes about what is loaded or when: a share's code is
 * still fetched only when something renders it.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** The share options the build hands to the runtime: per key, one entry per version. */
type ShareArgs = Record<string, unknown>;

/** The part of the runtime instance used here (ModuleFederation of @module-federation/runtime-core). */
interface ShareHost {
  options: { shared: Record<string, unknown[]> };
  sharedHandler: {
    registerShared(globalOptions: unknown, userOptions: { shared: ShareArgs; name?: string }): { allShareInfos: Record<string, unknown[]> };
  };
}

/** What the plugin registered: at start-up nothing, then each key as it is first asked for. */
export interface DeferredShares {
  /** Keys registered so far, in the order they were registered. */
  registered(): string[];
  /** Keys still waiting for their first request. */
  waiting(): string[];
}

interface State {
  deferred: Map<string, unknown>;
  order: string[];
}

function register(state: State, host: ShareHost, keys: readonly string[]): void {
  const shared: ShareArgs = {};
  for (const key of keys) {
    if (!state.deferred.has(key)) continue;
    shared[key] = state.deferred.get(key);
    state.deferred.delete(key);
    state.order.push(key);
  }
  if (Object.keys(shared).length === 0) return;
  const { allShareInfos } = host.sharedHandler.registerShared(host.options, { ...host.options, shared });
  host.options.shared = allShareInfos;
}

/**
 * The plugin, and what it registered. The page's instance is also `window.__deferredShares__`, for
 * the end-to-end test of the shares each screen registers.
 */
export function deferredSharesPlugin(): ModuleFederationRuntimePlugin & { shares: DeferredShares } {
  const state: State = { deferred: new Map(), order: [] };
  const shares: DeferredShares = { registered: () => [...state.order], waiting: () => [...state.deferred.keys()] };
  let first = true;
  return {
    name: 'host-shell:deferred-shares',
    shares,
    beforeInit(args) {
      // Only the build's own first initialisation: later init() calls (the bootstrap's, adding the
      // remotes and plugins) carry no shares of their own.
      if (!first) return args;
      first = false;
      const shared = (args.userOptions.shared ?? {}) as ShareArgs;
      for (const [key, value] of Object.entries(shared)) state.deferred.set(key, value);
      (globalThis as { __deferredShares__?: DeferredShares }).__deferredShares__ = shares;
      return { ...args, userOptions: { ...args.userOptions, shared: {} } };
    },
    beforeLoadShare(args) {
      if (!state.deferred.has(args.pkgName)) return args;
      const host = args.origin as unknown as ShareHost;
      register(state, host, [args.pkgName]);
      // The load in progress looked its options up before they were registered.
      const options = host.options.shared[args.pkgName]?.[0] as Record<string, unknown> | undefined;
      if (!options) return args;
      const asked = (args.shareInfo ?? {}) as unknown as Record<string, unknown>;
      const shareInfo = {
        ...options,
        ...asked,
        shareConfig: { ...(options.shareConfig as object), ...(asked.shareConfig as object | undefined) },
        get: options.get,
        version: options.version,
        scope: options.scope,
        strategy: options.strategy,
      };
      return { ...args, shareInfo: shareInfo as unknown as typeof args.shareInfo };
    },
    beforeRequest(args) {
      // A remote takes its shared modules from the host's share scope: all of them are there first.
      if (state.deferred.size > 0) register(state, args.origin as unknown as ShareHost, [...state.deferred.keys()]);
      return args;
    },
  };
}

export default deferredSharesPlugin;
