/**
 * Every action the operators' audit trail records (`<target>.<verb>`): the server's `record()` takes
 * only these, and the console has a label for each, so a new action that is not listed here fails the
 * typecheck on both sides. Plain data, an entry of its own (`shared-sdk/contract/audit-actions`):
 * no creator's page carries it.
 */
export const AUDIT_ACTIONS = [
  // Moderation (the decisions' values, as the contract's decide calls take them).
  'material.approve',
  'material.reject',
  'material.review',
  'manuscript.approve',
  'manuscript.reject',
  'manuscript.offline',
  'certification.reviewing',
  'certification.approve',
  'certification.reject',
  'appeal.lift',
  'appeal.keep',
  'right.approve',
  'right.reject',
  'draft.restore',
  // Creators' accounts.
  'user.create',
  'user.verify',
  'user.unverify',
  'user.ban',
  'user.unban',
  'user.tools',
  'user.reset_password',
  // Tasks.
  'newspaper.import',
  'score.daily',
  // Operators' accounts, sessions and personal tokens.
  'operator.add',
  'operator.disable',
  'operator.enable',
  'operator.role',
  'operator.password',
  'operator.password_reset',
  'operator.totp_enrol',
  'operator.totp_reset',
  'operator.sessions_revoke',
  'operator.release_scope',
  'operator.sign_in',
  'operator.sign_out',
  'token.create',
  'token.revoke',
  'token.sign_out',
  // Releases: CI tokens, the release API's steps, and the server's own (automatic rollback, step plans).
  'release_token.create',
  'release_token.revoke',
  'release.upload',
  'release.canary',
  'release.pause',
  'release.promote',
  'release.rollback',
  'release.pin',
  'release.unpin',
  'release.qa_add',
  'release.qa_remove',
  'release.advance',
  'release.watch_rollback',
  'release.watch_failed',
  'release.watch_end',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The verbs of the release steps (`release.<step>`). */
export type ReleaseAuditStep = AuditAction extends infer A ? (A extends `release.${infer Step}` ? Step : never) : never;
