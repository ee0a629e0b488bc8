import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ManuscriptStatus, SaveType } from 'shared-sdk/contract';
import { CliRefusal } from '../../cli/commands';
import { login } from '../../testing/signed';
import { setUpTestApp, testConfig } from '../../testing/test-app';
import { operatorToken } from '../../lib/operator-access';
import { runManuscriptReview } from './operator-review';
import { VERIFIED, add, articleFields } from './test-kit';

describe('admin manuscript-review', () => {
  const harness = setUpTestApp();
  let token = '';
  const statusOf = async (id: number) =>
    await harness.database.db.selectFrom('manuscripts').select(['status', 'reject_reason']).where('id', '=', id).executeTakeFirstOrThrow();
  const review = (payload: object, operator = operatorToken()) =>
    harness.app.inject({ method: 'POST', url: '/operator/manuscript/review', headers: { 'x-operator-token': operator }, payload });

  before(async () => {
    token = await login(harness.app, VERIFIED);
  });

  it('moves a manuscript through the running server with the operator token only', async () => {
    const id = (await add(harness.app, token, articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
    assert.equal((await review({ id, decision: 'approve' }, 'wrong')).statusCode, 403);
    assert.equal((await statusOf(id)).status, ManuscriptStatus.IN_REVIEW);
    const rejected = await review({ id, decision: 'reject', reason: '标题与内容不符' });
    assert.equal(rejected.json<{ data: { message: string } }>().data.message, `Manuscript ${id} is now 未通过 (6).`);
    assert.deepEqual(await statusOf(id), { status: ManuscriptStatus.REJECTED, reject_reason: '标题与内容不符' });
    const again = await review({ id, decision: 'approve' });
    assert.deepEqual(again.json<{ code: number; msg: string }>(), { code: 1009, msg: '只有审核中的稿件可以审核', data: null });
  });

  it('refuses a bad id or decision before touching anything, and works on the database directly', async () => {
    const config = testConfig({ databaseUrl: harness.database.url });
    await assert.rejects(runManuscriptReview(config, { id: 'x', decision: 'approve', reason: '' }), CliRefusal);
    await assert.rejects(runManuscriptReview(config, { id: '1', decision: 'publish', reason: '' }), CliRefusal);
    // With PostgreSQL the CLI opens the database itself (PGlite in memory has no second opener).
    if (harness.database.url) {
      const id = (await add(harness.app, token, articleFields({ save_type: SaveType.PUBLISH }))).data.manuscript_id ?? 0;
      assert.equal(await runManuscriptReview(config, { id: String(id), decision: 'approve', reason: '' }), `Manuscript ${id} is now 已发布 (7).`);
      assert.equal((await statusOf(id)).status, ManuscriptStatus.PUBLISHED);
      await assert.rejects(runManuscriptReview(config, { id: String(id), decision: 'reject', reason: '' }), CliRefusal);
    }
  });
});
