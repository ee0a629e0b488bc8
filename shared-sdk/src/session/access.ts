import type { UnknownAction } from '@reduxjs/toolkit';
import type { UserInfo } from '../contract';
import { tokenExpired, type SessionRootState } from './session-slice';
import { readStoredUser, writeStoredUser } from './storage';

/** The part of the host's store the SDK needs; kept minimal so this module does not import the store. */
export interface SessionStore {
  getState(): SessionRootState;
  dispatch(action: UnknownAction): unknown;
}

let bound: SessionStore | null = null;

/**
 * The host calls this once with the store it created, so the client and the guards read the live
 * session. Until then they fall back to local storage. Returns a function that unbinds (tests).
 */
export function bindStore(store: SessionStore): () => void {
  bound = store;
  return () => {
    if (bound === store) bound = null;
  };
}

export function getSessionUser(): UserInfo | null {
  return bound ? bound.getState().session.user : readStoredUser();
}

export function getToken(): string {
  return getSessionUser()?.token ?? '';
}

/** Read from local storage each time: the host re-reads it after a screen loads (docs/product.md §4). */
export function readCertFlag(): boolean {
  return readStoredUser()?.u_cert === 1;
}

export function markTokenExpired(): void {
  if (bound) {
    bound.dispatch(tokenExpired());
    return;
  }
  const stored = readStoredUser();
  if (stored) writeStoredUser({ ...stored, tokenExpire: true });
}
