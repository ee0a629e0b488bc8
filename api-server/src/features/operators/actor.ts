/**
 * Who acts on the operator side: the actor every account, audit and release call is given. Its own
 * module so that the audit trail (audit.ts) and the accounts that write to it (accounts.ts) both
 * take it from here and the imports point one way.
 */
/** Who acts: the operator behind the request's credential (or the command line's bootstrap). */
export interface OperatorActor {
  /** Null only for the command line's direct database path (the first bootstrap). */
  id: number | null;
  name: string;
  role: string;
  credentialId: number | null;
  /** 'system': the server itself, acting on its own judgement (the automatic release steps). */
  via: 'session' | 'token' | 'cli' | 'ci' | 'system';
  expiresAt: Date | null;
  /** The client address (the command line's: 'cli'). */
  ip: string;
  /**
   * What the release calls may touch: every remote and environment for an admin ('*'), a release
   * manager's scope, a CI token's one remote and environment; absent for everyone else.
   */
  releaseScope?: { remotes: readonly string[] | '*'; envs: readonly string[] | '*' };
}
