/**
 * A request the deploy tooling refuses on purpose (bad input, a rule of the rollout). The CLI prints
 * the message and exits with 2, so scripts can tell a refusal from a crash.
 */
export class RefusalError extends Error {
  override name = 'RefusalError';
}

/**
 * The rollout manifest changed since it was read: someone else deployed in between. The caller reads
 * again and decides; silently retrying could undo the other person's step.
 */
export class ConflictError extends RefusalError {
  override name = 'ConflictError';

  constructor(
    readonly env: string,
    readonly expectedRevision: number,
    readonly actualRevision: number | null,
  ) {
    super(
      `the ${env} rollout manifest changed while you worked (expected revision ${expectedRevision}, ` +
        `found ${actualRevision ?? 'a newer one'}); run the command again to apply it on top of the new revision`,
    );
  }
}
