/**
 * The audit rows of the server's own release steps are written after the manifest write (the
 * manifest is not in the database): a row that fails to be written is retried, and one that still
 * fails is counted on /metrics and logged with its content instead of vanishing.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { RolloutManifest } from 'deploy';
import { sql } from 'kysely';
import { setUpTestApp } from '../../testing/test-app';
import { type AutomaticStep, auditAutomaticSteps } from './release-audit';

const ref = (version: string) => ({ version, entry: 'mf-manifest.json', integrity: {} });
const manifest = (revision: number, canary: boolean): RolloutManifest => ({
  revision,
  salt: 's',
  remotes: {
    'mf-tools': {
      stable: ref('1.0.0'),
      previousStable: [],
      ...(canary ? { canary: { ...ref('1.1.0'), percent: 10, since: 1 } } : {}),
      pins: {},
      qaUsers: [],
      history: [],
    },
  },
});
const STEP: AutomaticStep[] = [{ action: 'release.rollback', remote: 'mf-tools', reason: 'canary failure rate 30 % vs 1 %' }];

describe('the audit rows of the automatic release steps', () => {
  const lines: string[] = [];

  // Registered before the set-up, so it runs before the app and the database close.
  after(async () => {
    await sql`DROP TRIGGER IF EXISTS audit_down ON operator_audit`.execute(harness.database.db);
  });
  const harness = setUpTestApp({ overrides: { logLevel: 'warn' }, deps: { logStream: { write: (line: string) => void lines.push(line) } } });

  const rowsOf = async (actor: string) =>
    harness.database.db.selectFrom('operator_audit').select(['action', 'target_id', 'reason']).where('operator_name', '=', actor).execute();
  const lost = async (actor: string) => {
    const text = (await harness.app.inject({ url: '/metrics' })).body;
    const line = text.split('\n').find((l) => l.startsWith(`release_audit_rows_lost_total{actor="${actor}"}`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  it('retries a row the database refused once, and writes it', async () => {
    // The audit table refuses its next insert only (a sequence is not rolled back with the insert).
    await sql`CREATE SEQUENCE audit_down_seq`.execute(harness.database.db);
    await sql`CREATE FUNCTION audit_down() RETURNS trigger AS $$ BEGIN IF nextval('audit_down_seq') <= 1 THEN RAISE EXCEPTION 'audit table unavailable'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
      harness.database.db,
    );
    await sql`CREATE TRIGGER audit_down BEFORE INSERT ON operator_audit FOR EACH ROW EXECUTE FUNCTION audit_down()`.execute(harness.database.db);
    const written = await auditAutomaticSteps(harness.app, 'auto-rollback-once', 'production', manifest(1, true), manifest(2, false), STEP, [10]);
    assert.equal(written, true);
    assert.deepEqual(await rowsOf('auto-rollback-once'), [{ action: 'release.rollback', target_id: 'production/mf-tools', reason: STEP[0]!.reason }]);
    assert.equal(await lost('auto-rollback-once'), 0);
  });

  it('counts and logs, with their content, rows the database keeps refusing', async () => {
    await sql`CREATE OR REPLACE FUNCTION audit_down() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'audit table unavailable'; END $$ LANGUAGE plpgsql`.execute(
      harness.database.db,
    );
    const written = await auditAutomaticSteps(harness.app, 'auto-rollback-down', 'production', manifest(1, true), manifest(2, false), STEP, [5, 5]);
    assert.equal(written, false);
    assert.deepEqual(await rowsOf('auto-rollback-down'), []);
    assert.equal(await lost('auto-rollback-down'), 1);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; rows?: { action: string; reason: string; after: { revision: number } }[] });
    const entry = logged.find((l) => l.msg.startsWith('release steps not written to the audit trail'));
    assert.deepEqual(
      entry?.rows?.map((row) => [row.action, row.reason, row.after.revision]),
      [['release.rollback', STEP[0]!.reason, 2]],
    );
  });
});
