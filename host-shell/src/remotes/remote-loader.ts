import type { ComponentType } from 'react';

/** What every exposed screen module looks like: a default-exported React component. */
export interface RemoteScreenModule {
  default: ComponentType;
}

/** Loads an exposed screen by its federation id, e.g. 'mf_drafts/DraftList'. Injected, so tests pass a fake. */
export type RemoteModuleLoader = (id: string) => Promise<RemoteScreenModule>;

/** 'mf_drafts' + './DraftList' → 'mf_drafts/DraftList'. */
export function remoteModuleId(remoteName: string, exposedModule: string): string {
  return `${remoteName}/${exposedModule.replace(/^\.\//, '')}`;
}

export class RemoteLoadError extends Error {
  constructor(
    readonly remoteId: string,
    cause: unknown,
  ) {
    super(`remote screen ${remoteId} could not be loaded`, { cause });
    this.name = 'RemoteLoadError';
  }
}

export class RemoteTimeoutError extends Error {
  constructor(
    readonly remoteId: string,
    readonly timeoutMs: number,
  ) {
    super(`remote screen ${remoteId} did not load within ${timeoutMs} ms`);
    this.name = 'RemoteTimeoutError';
  }
}

export function isScreenModule(value: unknown): value is RemoteScreenModule {
  if (typeof value !== 'object' || value === null || !('default' in value)) return false;
  const screen = value.default;
  // Function components, and memo/forwardRef objects.
  return typeof screen === 'function' || (typeof screen === 'object' && screen !== null);
}
