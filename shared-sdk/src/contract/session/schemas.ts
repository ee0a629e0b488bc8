/** Login and logout (docs/product.md §7: POST /login/admin/quit; the login call itself is ours). */
import { Type } from 'typebox';
import { NoData } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'session';

export const login = defineRoute({
  method: 'POST',
  url: '/login/admin/login',
  operationId: 'login',
  summary: 'Log in with phone and password: a session token',
  description:
    '1007 手机号或密码错误 (one answer for an unknown phone and a wrong password); 1006 with the reason for a forced-logout ban; 1008 when throttled (per address and phone, and per address).',
  tag,
  auth: 'signed',
  body: Type.Object({ phone: Type.String({ minLength: 1, maxLength: 32 }), password: Type.String({ minLength: 1, maxLength: 128 }) }),
  data: Type.Object({ token: Type.String(), expires_at: Type.String({ description: 'ISO 8601' }) }),
});

export const logout = defineRoute({
  method: 'POST',
  url: '/login/admin/quit',
  operationId: 'logout',
  summary: 'Log out: the token is revoked',
  tag,
  data: NoData,
});
