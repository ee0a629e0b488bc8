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

export function onSessionEvent<K extends SessionEventType>(type: K, handler: SessionEventHandler<K>): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

/** Returns whether anyone heard it, so a sender can fall back (e.g. go to login itself). */
export function emitSessionEvent<K extends SessionEventType>(type: K, payload: SessionEventMap[K]): boolean {
  const set = handlers.get(type);
  if (!set || set.size === 0) return false;
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
