/**
 * Operator roles and what each may do: the server checks every operator call against this table,
 * and the console reads it to show only the actions a role has. Plain data, no schema: the browser
 * imports it as is.
 */
import type { OperatorPermission } from '../core/route';

export type { OperatorPermission } from '../core/route';

export const OPERATOR_ROLES = ['admin', 'moderator', 'viewer', 'release_manager'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** The roles' names in the console. */
export const OPERATOR_ROLE_LABELS: Readonly<Record<OperatorRole, string>> = {
  admin: '管理员',
  moderator: '审核员',
  viewer: '只读',
  release_manager: '发布管理员',
};

/**
 * admin: everything, operators included, releases of every remote; moderator: materials, manuscripts, certification, appeals,
 * bans, verification, tools, newspaper import; viewer: reads only; release_manager: the release API for the remotes and environments named
 * on the account (its release scope) and nothing else. Every role manages its own account ('self':
 * password, personal tokens, sign-out).
 */
export const ROLE_PERMISSIONS: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  admin: ['self', 'read', 'moderate', 'admin', 'release'],
  moderator: ['self', 'read', 'moderate'],
  viewer: ['self', 'read'],
  release_manager: ['self', 'release'],
};

export function roleAllows(role: string, permission: OperatorPermission): boolean {
  return (ROLE_PERMISSIONS as Record<string, readonly OperatorPermission[] | undefined>)[role]?.includes(permission) ?? false;
}

/** The cookie an operator's console session travels in (HttpOnly; creators' tokens never do). */
export const OPERATOR_SESSION_COOKIE = 'mf_operator';

/** The prefix of an operator's personal token (`Authorization: Bearer mfop_…`), so a leaked one is recognisable. */
export const OPERATOR_TOKEN_PREFIX = 'mfop_';

/**
 * The prefix of a CI release token (`Authorization: Bearer mfci_…`): scoped to one remote and one
 * environment, good for the release calls only, made and revoked by an admin.
 */
export const RELEASE_TOKEN_PREFIX = 'mfci_';

/** Operator password rules (checked by the server; the console checks them too). */
export const OPERATOR_PASSWORD = { MIN: 10, MAX: 128 } as const;

/** A TOTP code: six digits, 30-second steps (RFC 6238 defaults, what authenticator apps show). */
export const TOTP = { DIGITS: 6, PERIOD_SECONDS: 30 } as const;
