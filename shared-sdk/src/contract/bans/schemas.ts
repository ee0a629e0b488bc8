/** Bans (docs/product.md §7): the start-up check on the user host, and the creator's appeal. */
import { type Static, Type } from 'typebox';
import { NoData } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'bans';

export const UserBanInfo = Type.Object({
  /** 1: banned from some content types (ban_range_type); 2: forced logout. */
  ban_type: Type.Integer(),
  ban_reason: Type.String(),
  /** Comma list of the banned ranges (docs/product.md §3). */
  ban_range_type: Type.String(),
});
export type UserBanInfo = Static<typeof UserBanInfo>;

export const APPEAL_LIMITS = { MIN: 5, MAX: 500 } as const;

export const userBanInfo = defineRoute({
  method: 'GET',
  url: '/service/userban/getUserBanInfo',
  operationId: 'userBanInfo',
  summary: "The caller's active ban, or null when not banned",
  description: "User host: the token alone, unsigned. A forced-out user's old token still reads its own ban, so the shell can show why.",
  tag,
  auth: 'token',
  querystring: Type.Object({ token: Type.String({ minLength: 1 }) }),
  data: Type.Union([UserBanInfo, Type.Null()]),
});

export const banAppeal = defineRoute({
  method: 'POST',
  url: '/api/ban/appeal',
  operationId: 'banAppeal',
  summary: 'Appeal the active ban (msg 提交成功)',
  description: '1003 when not banned; 1009 while an appeal of this ban is open.',
  tag,
  body: Type.Object({ reason: Type.String({ minLength: APPEAL_LIMITS.MIN, maxLength: APPEAL_LIMITS.MAX }) }),
  data: NoData,
});
