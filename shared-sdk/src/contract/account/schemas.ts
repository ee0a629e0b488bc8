/** The signed-in creator's own account: profile data the shell shows, badge, nickname, password. */
import { type Static, Type } from 'typebox';
import { NoData } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'account';

export const MpBaseUserinfo = Type.Object({
  u_id: Type.Integer(),
  u_nickname: Type.String(),
  u_avatar: Type.String(),
  is_reverse_author: Type.Integer(),
  identities_info: Type.Array(Type.String()),
  u_cert: Type.Object({ cert_type: Type.Integer() }),
  /** Not in the original answer; the settings page shows it masked. */
  u_phone_masked: Type.String(),
});
export type MpBaseUserinfo = Static<typeof MpBaseUserinfo>;

export const userInfo = defineRoute({
  method: 'GET',
  url: '/api/user/mpBaseUserinfo',
  operationId: 'userInfo',
  summary: 'The creator\'s base user info (docs/product.md §3 "User info" is derived from it)',
  tag,
  data: MpBaseUserinfo,
});

export const wearBadge = defineRoute({
  method: 'GET',
  url: '/api/userBadge/getUserWearBadge',
  operationId: 'wearBadge',
  summary: "The worn badge's image ('' when none)",
  tag,
  data: Type.Object({ cover_url: Type.String() }),
});

export const updateNickname = defineRoute({
  method: 'POST',
  url: '/api/user/update',
  operationId: 'updateNickname',
  summary: 'Change the nickname (1–20 characters after trimming; msg 保存成功)',
  tag,
  body: Type.Object({ nickname: Type.String() }),
  data: NoData,
});

export const changePassword = defineRoute({
  method: 'POST',
  url: '/api/user/password',
  operationId: 'changePassword',
  summary: 'Change the password (8–32, letters and digits; msg 密码已修改)',
  description: "1003 when the current password is wrong. The user's other sessions are revoked; this one stays.",
  tag,
  body: Type.Object({ old_password: Type.String(), new_password: Type.String() }),
  data: NoData,
});
