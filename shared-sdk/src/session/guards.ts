import { banRangeBlocks, type BanRange } from '../contract';
import { getSessionUser } from './access';
import { emitSessionEvent } from './events';

/** Real-name verification is needed to create, reuse material and edit drafts (docs/product.md §1, §6). */
export function requireCert(): boolean {
  if (getSessionUser()?.u_cert === 1) return true;
  emitSessionEvent('cert-required', {});
  return false;
}

/**
 * Ban type 1 blocks the listed ranges ("1" content, "3" posts). Ban type 2 is not checked here: it
 * forces a logout when the host loads the ban info at start-up, so such a user never reaches a screen.
 */
export function requireNotBanned(range: BanRange): boolean {
  const ban = getSessionUser()?.banData;
  if (!ban || !banRangeBlocks(ban, range)) return true;
  emitSessionEvent('banned', { range, ban });
  return false;
}

/** Before any creation: real-name first, then the ban, so at most one dialog shows. */
export function guardCreation(range: BanRange): boolean {
  return requireCert() && requireNotBanned(range);
}
