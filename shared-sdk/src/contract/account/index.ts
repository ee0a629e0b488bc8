/** User info as the product keeps it in local storage (docs/product.md §3). */
import type { DataOf } from '../core/route';
import type * as account from './schemas';

export interface BanData {
  ban_type: number;
  ban_range_type: string;
  ban_reason?: string;
}

export interface UserInfo {
  u_id: number;
  u_nickname: string;
  u_avatar: string;
  is_reverse_author: number;
  /** 1 when identities_info holds identity_verification (real-name verified). */
  u_cert: 0 | 1;
  /** 1 when identities_info holds agency_certification or professional_certification. */
  u_cert_status: 0 | 1;
  cert_type: number;
  token: string;
  banData: BanData | null;
  tokenExpire: boolean;
}

/** Answer of GET /api/user/mpBaseUserinfo. */
export type MpBaseUserinfo = account.MpBaseUserinfo;

export const IDENTITY = {
  REAL_NAME: 'identity_verification',
  AGENCY: 'agency_certification',
  PROFESSIONAL: 'professional_certification',
} as const;

export function deriveUserInfo(base: MpBaseUserinfo, token: string, banData: BanData | null): UserInfo {
  const ids = base.identities_info ?? [];
  return {
    u_id: base.u_id,
    u_nickname: base.u_nickname,
    u_avatar: base.u_avatar,
    is_reverse_author: base.is_reverse_author,
    u_cert: ids.includes(IDENTITY.REAL_NAME) ? 1 : 0,
    u_cert_status: ids.includes(IDENTITY.AGENCY) || ids.includes(IDENTITY.PROFESSIONAL) ? 1 : 0,
    cert_type: base.u_cert?.cert_type ?? 0,
    token,
    banData,
    tokenExpire: false,
  };
}

/** True when a ban of type 1 covers the given range code ("1" content, "3" posts). */
export function banRangeBlocks(ban: BanData | null | undefined, range: string): boolean {
  if (!ban || Number(ban.ban_type) !== 1) return false;
  return String(ban.ban_range_type ?? '')
    .split(',')
    .map((part) => part.trim())
    .includes(range);
}

// --- the account's calls ---------------------------------------------------------------------
export type WearBadgeAnswer = DataOf<typeof account.wearBadge>;
