import type { BanData } from '../contract';

/** What the host listens to; remotes never open the ban or real-name dialog themselves. */
export interface SessionEventMap {
  'token-expired': { message: string };
  logout: Record<string, never>;
  banned: { range: string; ban: BanData };
  'cert-required': Record<string, never>;
}

export type SessionEventType = keyof SessionEventMap;
export type SessionEventHandler<K extends SessionEventType> = (payload: SessionEventMap[K]) => void;

type AnyHandler = (payload: never) => void;
const handlers = new Map<SessionEventType, Set<AnyHandler>>();

/**
 * The dialog requests a guard sends while nobody listens yet are kept this long for the next
 * listener. A writing screen asks its guards while it first renders; when its code is already there,
 * that render can be the same one that mounts the host's dialogs, whose listener subscribes only
 * after it. Without this, a banned or unverified creator would get the form instead of the dialog.
 */
export const UNHEARD_DIALOG_KEPT_MS = 10_000;
const DIALOG_EVENTS: ReadonlySet<SessionEventType> = new Set<SessionEventType>(['banned', 'cert-required']);
const unheard = new Map<SessionEventType, { payload: unknown; at: number }>();

export function onSessionEvent<K extends SessionEventType>(type: K, handler: SessionEventHandler<K>): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
  const kept = unheard.get(type);
  unheard.delete(type);
  if (kept && Date.now() - kept.at <= UNHEARD_DIALOG_KEPT_MS) handler(kept.payload as SessionEventMap[K]);
  return () => {
    set.delete(handler);
  };
}

/** Returns whether anyone heard it, so a sender can fall back (e.g. go to login itself). */
export function emitSessionEvent<K extends SessionEventType>(type: K, payload: SessionEventMap[K]): boolean {
  const set = handlers.get(type);
  if (!set || set.size === 0) {
    if (DIALOG_EVENTS.has(type)) unheard.set(type, { payload, at: Date.now() });
    return false;
  }
  for (const handler of [...set] as SessionEventHandler<K>[]) {
    try {
      handler(payload);
    } catch (error) {
      // One failing listener must not keep the others (the host's dialogs) from hearing the event.
      console.error(`shared-sdk: a '${type}' listener threw`, error);
    }
  }
  return true;
}
