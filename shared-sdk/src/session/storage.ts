import type { UserInfo } from '../contract';

/** The local-storage key the product keeps user info under (docs/product.md §3). */
export const USER_INFO_STORAGE_KEY = 'userInfo';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Reading localStorage throws when the browser blocks storage for the page.
    return null;
  }
}

function isUserInfo(value: unknown): value is UserInfo {
  return typeof value === 'object' && value !== null && 'token' in value && 'u_id' in value;
}

/** The stored user, or null when absent, unreadable or not user info (a stale or foreign value). */
export function readStoredUser(): UserInfo | null {
  const raw = storage()?.getItem(USER_INFO_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUserInfo(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: UserInfo | null): void {
  const target = storage();
  if (!target) return;
  try {
    if (user) target.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(user));
    else target.removeItem(USER_INFO_STORAGE_KEY);
  } catch (error) {
    // A full quota must not break the session held in memory.
    console.error('shared-sdk: could not persist user info', error);
  }
}
