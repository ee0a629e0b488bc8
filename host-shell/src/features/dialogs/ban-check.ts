/**
 * The start-up ban check (docs/product.md §4): ban type 1 is kept in the session for the guards; ban type 2
 * logs the user out and leaves the reason for the login page's persistent warning.
 */
import { BanType, loggedOut, userInfoRefreshed, type AppDispatch } from 'shared-sdk';
import { shellClient } from '../../lib/shell-client';

export const BAN_NOTICE_KEY = 'banNotice';

export function readBanNotice(): string | null {
  return sessionStorage.getItem(BAN_NOTICE_KEY);
}

export function clearBanNotice(): void {
  sessionStorage.removeItem(BAN_NOTICE_KEY);
}

/**
 * Returns true when the user was logged out (ban type 2), false when the ban data is now in the
 * session, and null when the check could not be made (it changes nothing then; ask again later).
 */
export async function checkBan(dispatch: AppDispatch, token: string): Promise<boolean | null> {
  let ban;
  try {
    ban = await shellClient.banInfo(token);
  } catch (error) {
    console.warn('host-shell: ban check failed', error);
    return null;
  }
  if (ban && Number(ban.ban_type) === BanType.FORCED_LOGOUT) {
    sessionStorage.setItem(BAN_NOTICE_KEY, ban.ban_reason);
    dispatch(loggedOut());
    return true;
  }
  dispatch(userInfoRefreshed({ banData: ban ? { ban_type: Number(ban.ban_type), ban_range_type: ban.ban_range_type, ban_reason: ban.ban_reason } : null }));
  return false;
}
