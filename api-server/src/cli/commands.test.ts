import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findActiveBan } from '../plugins/app/guards';
import { createSession, findActiveSession } from '../plugins/app/sessions';
import { setUpTestDatabase } from '../testing/test-app';
import { verifyPassword } from '../lib/password';
import { CliRefusal, ban, createUser, listUsers, resetPassword, setVerified, unban } from './commands';

describe('operator commands', () => {
  const harness = setUpTestDatabase();
  const userId = async (phone: string) => (await harness.database.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

  it('creates a verified user and refuses the same phone twice', async () => {
    await createUser(harness.database.db, { phone: '13912345678', password: 'secret1', nickname: '运营测试', verified: true });
    const user = await harness.database.db.selectFrom('users').selectAll().where('phone', '=', '13912345678').executeTakeFirstOrThrow();
    assert.deepEqual(user.identities, ['identity_verification']);
    assert.ok(await verifyPassword('secret1', user.password_hash));
    await assert.rejects(createUser(harness.database.db, { phone: '13912345678', password: 'secret1', nickname: 'x', verified: false }), CliRefusal);
  });

  it('verifies and unverifies without touching other identities', async () => {
    await setVerified(harness.database.db, '13800000006', false);
    const identities = async () =>
      (await harness.database.db.selectFrom('users').select('identities').where('phone', '=', '13800000006').executeTakeFirstOrThrow()).identities;
    assert.deepEqual(await identities(), ['agency_certification']);
    await setVerified(harness.database.db, '13800000006', true);
    assert.deepEqual((await identities()).sort(), ['agency_certification', 'identity_verification']);
  });

  it('bans (replacing an earlier ban), refuses bad ranges, and unbans', async () => {
    const id = await userId('13800000002');
    await assert.rejects(ban(harness.database.db, { phone: '13800000002', type: '1', range: '2', reason: 'x' }), CliRefusal);
    await assert.rejects(ban(harness.database.db, { phone: '13800000002', type: '3', range: '1', reason: 'x' }), CliRefusal);
    await ban(harness.database.db, { phone: '13800000002', type: '1', range: '1, 3', reason: '测试' });
    await ban(harness.database.db, { phone: '13800000002', type: '1', range: '3', reason: '测试二' });
    const active = await findActiveBan(harness.database.db, id);
    assert.equal(active?.ban_range_type, '3');
    assert.equal(active?.reason, '测试二');
    await unban(harness.database.db, '13800000002');
    assert.equal(await findActiveBan(harness.database.db, id), null);
    await assert.rejects(unban(harness.database.db, '13800000002'), /not banned/);
  });

  it('a forced-logout ban and a password reset end existing sessions', async () => {
    const id = await userId('13800000001');
    const first = await createSession(harness.database.db, id, 1);
    await ban(harness.database.db, { phone: '13800000001', type: '2', range: '', reason: '严重违规' });
    assert.equal(await findActiveSession(harness.database.db, first.token), null);
    await unban(harness.database.db, '13800000001');

    const second = await createSession(harness.database.db, id, 1);
    await resetPassword(harness.database.db, '13800000001', 'new-password');
    assert.equal(await findActiveSession(harness.database.db, second.token), null);
    await assert.rejects(resetPassword(harness.database.db, '13800000001', 'short'), CliRefusal);
  });

  it('refuses unknown accounts and lists users', async () => {
    await assert.rejects(setVerified(harness.database.db, '13000000000', true), /No account/);
    const listing = await listUsers(harness.database.db);
    assert.match(listing, /13800000003 +verified +banned type 1 range 1/);
  });
});
