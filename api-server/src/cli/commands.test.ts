import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { describe, it } from 'node:test';
import { findActiveBan } from '../plugins/app/guards';
import { createSession, findActiveSession } from '../plugins/app/sessions';
import { setUpTestDatabase } from '../testing/test-app';
import { verifyPassword } from '../lib/password';
import { restoreDraft } from '../features/drafts/restore';
import { buildScoreDay } from '../features/operators/task-changes';
import { cliActor } from '../features/operators/audit';
import { runToolCommand } from '../features/tools/operator';
import { CliRefusal, ban, createUser, listUsers, resetPassword, reviewRight, setVerified, unban } from './commands';
import { cliAuditRow } from '../testing/cli-audit';

/** Who the command line is on the audit trail: no operator, the OS user who ran it. */
const CLI_NAME = `cli:${os.userInfo().username}`;

describe('operator commands', () => {
  const harness = setUpTestDatabase();
  const db = () => harness.database.db;
  const userId = async (phone: string) => (await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

  /** The audit rows written since `after` (an id), oldest first, as the console's audit page reads them. */
  const rowsSince = (after: number) =>
    db()
      .selectFrom('operator_audit')
      .select(['operator_id', 'operator_name', 'role', 'action', 'target_type', 'target_id', 'before', 'after', 'reason', 'ip'])
      .where('id', '>', after)
      .orderBy('id')
      .execute();
  const lastId = async () => Number((await db().selectFrom('operator_audit').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst())?.id ?? 0);
  /** The one row `run` leaves (it must leave exactly one), without its before and after values. */
  async function oneRow(run: () => Promise<unknown>) {
    const mark = await lastId();
    await run();
    const rows = await rowsSince(mark);
    assert.equal(rows.length, 1, JSON.stringify(rows));
    const { before, after, ...rest } = rows[0]!;
    return { row: rest, before, after };
  }
  const by = (action: string, targetType: string, targetId: number | string, reason = '') => cliAuditRow(CLI_NAME, action, targetType, targetId, reason);

  it('creates a verified user, on record as the command line, and refuses the same phone twice with no row', async () => {
    const created = await oneRow(() => createUser(db(), { phone: '13912345678', password: 'secret1', nickname: '运营测试', verified: true }));
    const user = await db().selectFrom('users').selectAll().where('phone', '=', '13912345678').executeTakeFirstOrThrow();
    assert.deepEqual(user.identities, ['identity_verification']);
    assert.ok(await verifyPassword('secret1', user.password_hash));
    assert.deepEqual(created.row, by('user.create', 'user', user.id));
    assert.deepEqual(created.after, { phone: '13912345678', nickname: '运营测试', verified: true });
    const mark = await lastId();
    await assert.rejects(createUser(db(), { phone: '13912345678', password: 'secret1', nickname: 'x', verified: false }), CliRefusal);
    assert.deepEqual(await rowsSince(mark), []);
  });

  it('verifies and unverifies without touching other identities, each with its row and reason', async () => {
    const id = await userId('13800000006');
    const off = await oneRow(() => setVerified(db(), '13800000006', false, '证件过期'));
    assert.deepEqual(off.row, by('user.unverify', 'user', id, '证件过期'));
    assert.deepEqual([off.before, off.after], [{ verified: true }, { verified: false }]);
    const identities = async () =>
      (await db().selectFrom('users').select('identities').where('phone', '=', '13800000006').executeTakeFirstOrThrow()).identities;
    assert.deepEqual(await identities(), ['agency_certification']);
    const on = await oneRow(() => setVerified(db(), '13800000006', true));
    assert.deepEqual(on.row, by('user.verify', 'user', id));
    assert.deepEqual((await identities()).sort(), ['agency_certification', 'identity_verification']);
  });

  it('bans (replacing an earlier ban), refuses bad ranges, and unbans, each on record with its reason', async () => {
    const id = await userId('13800000002');
    const mark = await lastId();
    await assert.rejects(ban(db(), { phone: '13800000002', type: '1', range: '2', reason: 'x' }), CliRefusal);
    await assert.rejects(ban(db(), { phone: '13800000002', type: '3', range: '1', reason: 'x' }), CliRefusal);
    assert.deepEqual(await rowsSince(mark), []);
    const first = await oneRow(() => ban(db(), { phone: '13800000002', type: '1', range: '3, 1', reason: ' 测试 ' }));
    assert.deepEqual(first.row, by('user.ban', 'user', id, '测试'));
    assert.equal(first.before && (first.before as { ban: unknown }).ban, null);
    assert.deepEqual((first.after as { ban: object }).ban, {
      ...(first.after as { ban: { id: number } }).ban,
      ban_type: 1,
      range: '1,3',
      reason: '测试',
      ends_at: null,
    });
    const second = await oneRow(() => ban(db(), { phone: '13800000002', type: '1', range: '3', reason: '测试二' }));
    assert.equal((second.before as { ban: { range: string } }).ban.range, '1,3');
    const active = await findActiveBan(db(), id);
    assert.equal(active?.ban_range_type, '3');
    assert.equal(active?.reason, '测试二');
    const lifted = await oneRow(() => unban(db(), '13800000002', '申诉通过'));
    assert.deepEqual(lifted.row, by('user.unban', 'user', id, '申诉通过'));
    assert.deepEqual(lifted.after, { ban: null });
    assert.equal(await findActiveBan(db(), id), null);
    const again = await lastId();
    await assert.rejects(unban(db(), '13800000002'), /not banned/);
    assert.deepEqual(await rowsSince(again), []);
  });

  it('a forced-logout ban and a password reset end existing sessions; the password is never recorded', async () => {
    const id = await userId('13800000001');
    const first = await createSession(db(), id, 1);
    await ban(db(), { phone: '13800000001', type: '2', range: '', reason: '严重违规' });
    assert.equal(await findActiveSession(db(), first.token), null);
    await unban(db(), '13800000001');

    const second = await createSession(db(), id, 1);
    const reset = await oneRow(() => resetPassword(db(), '13800000001', 'new-password', '本人来电'));
    assert.deepEqual(reset.row, by('user.reset_password', 'user', id, '本人来电'));
    assert.deepEqual([reset.before, reset.after], [null, { sessions_ended: true }]);
    assert.equal(await findActiveSession(db(), second.token), null);
    await assert.rejects(resetPassword(db(), '13800000001', 'short'), CliRefusal);
  });

  it('restores a deleted draft, on record; a draft not deleted is refused with no row', async () => {
    const owner = await userId('13800000001');
    const deletedAt = new Date('2026-11-01T08:00:00Z');
    const draft = await db()
      .insertInto('drafts')
      .values({ user_id: owner, global_id: randomUUID(), type: 1, title: '误删的草稿', deleted_at: deletedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const restored = await oneRow(() => restoreDraft(db(), String(draft.id)));
    assert.deepEqual(restored.row, by('draft.restore', 'draft', draft.id));
    assert.deepEqual([restored.before, restored.after], [{ deleted_at: deletedAt.toISOString() }, { deleted_at: null }]);
    const mark = await lastId();
    await assert.rejects(restoreDraft(db(), String(draft.id)), /is not deleted/);
    assert.deepEqual(await rowsSince(mark), []);
  });

  it('decides a rights application, on record with the reason; an application already decided leaves no row', async () => {
    const owner = await userId('13800000003');
    const application = await db()
      .insertInto('right_applications')
      .values({ user_id: owner, right_code: 'live', status: 'pending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const decided = await oneRow(() => reviewRight(db(), { id: String(application.id), status: 'rejected', reason: '近 30 天有违规' }));
    assert.deepEqual(decided.row, by('right.reject', 'right_application', application.id, '近 30 天有违规'));
    assert.deepEqual([decided.before, decided.after], [{ status: 'pending' }, { status: 'rejected' }]);
    const mark = await lastId();
    await assert.rejects(reviewRight(db(), { id: String(application.id), status: 'approved', reason: '' }), /already rejected/);
    assert.deepEqual(await rowsSince(mark), []);
  });

  it("builds a day's scores, on record for that day", async () => {
    const built = await oneRow(() => buildScoreDay(db(), cliActor(), '2026-11-20', harness.database.engine));
    assert.deepEqual(built.row, by('score.daily', 'score', '2026-11-20'));
  });

  it('grants and revokes a tool and the short-drama authority, each with the API user.tools row', async () => {
    const id = await userId('13800000004');
    const granted = await oneRow(() => runToolCommand(db(), 'grant-tool', { phone: '13800000004', tool: 'oddjobs' }));
    assert.deepEqual(granted.row, by('user.tools', 'user', id));
    assert.deepEqual((granted.after as { tools: string[] }).tools, ['oddjobs']);
    const drama = await oneRow(() => runToolCommand(db(), 'grant-short-drama', { phone: '13800000004' }));
    assert.deepEqual(drama.after, { tools: ['oddjobs'], short_drama: true });
    const revoked = await oneRow(() => runToolCommand(db(), 'revoke-tool', { phone: '13800000004', tool: 'oddjobs' }));
    assert.deepEqual(revoked.after, { tools: [], short_drama: true });
  });

  it('refuses unknown accounts and lists users, writing no row', async () => {
    const mark = await lastId();
    await assert.rejects(setVerified(db(), '13000000000', true), /No account/);
    const listing = await listUsers(db());
    assert.match(listing, /13800000003 +verified +banned type 1 range 1/);
    assert.deepEqual(await rowsSince(mark), []);
  });
});
