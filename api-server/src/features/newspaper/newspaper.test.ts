/** GET /bigscreen/hisPaper (docs/product.md §7): answer shape, header authorization, bad parameters, empty day. */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiCode, type NewspaperPage } from 'shared-sdk/contract';
import { DiskObjectStore } from '../../storage/disk-object-store';
import { body, login } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { importIssue } from './import-issue';
import { blankPdf, fakeRenderer } from './testing';

describe('newspaper host: hisPaper', () => {
  const storageDir = tempDir('newspaper-api');
  const storage = new DiskObjectStore(storageDir.dir, 'creator', '/oss');
  const harness = setUpTestApp({ deps: { storage }, cleanUp: [storageDir.remove] });
  let token: string;

  before(async () => {
    token = await login(harness.app, '13800000001');
    await importIssue({ db: harness.database.db, storage, renderer: fakeRenderer() }, { type: 3, date: '2026-11-20', files: [await blankPdf(3)] });
  });

  /** `authorization: null` sends no header at all. */
  const hisPaper = (query: Record<string, string>, authorization: string | null = token) =>
    harness.app.inject({ method: 'GET', url: '/bigscreen/hisPaper', query, headers: authorization === null ? {} : { authorization } });

  it('answers the pages in page order, each with an image and a PDF that storage serves', async () => {
    const answer = body<NewspaperPage[]>(await hisPaper({ date: '2026-11-20', type: '3' }));
    assert.equal(answer.code, ApiCode.OK);
    assert.equal(answer.data.length, 3);
    answer.data.forEach((page, index) => {
      assert.deepEqual(Object.keys(page).sort(), ['img', 'pdf']);
      assert.match(page.pdf, new RegExp(`^/oss/creator/newspaper/3/2026-11-20/[^/]+/${index + 1}\\.pdf$`));
      assert.match(page.img, new RegExp(`/${index + 1}\\.png$`));
    });
    const pdf = await harness.app.inject({ method: 'GET', url: answer.data[0]?.pdf ?? '' });
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-');
  });

  it('answers an empty list for a day without an issue, and for another paper of the same day', async () => {
    assert.deepEqual(body(await hisPaper({ date: '2026-11-21', type: '3' })), { code: 0, msg: 'success', data: [] });
    assert.deepEqual(body(await hisPaper({ date: '2026-11-20', type: '1' })).data, []);
  });

  it('takes the token from the Authorization header, with or without "Bearer", and needs no signature', async () => {
    assert.equal(body(await hisPaper({ date: '2026-11-20', type: '3' }, `Bearer ${token}`)).code, ApiCode.OK);
  });

  it('answers -1 without a token, with an unknown one, or with the token as a query parameter only', async () => {
    for (const authorization of [null, '', 'not-a-session-token']) {
      const answer = body(await hisPaper({ date: '2026-11-20', type: '3' }, authorization));
      assert.equal(answer.code, ApiCode.TOKEN_EXPIRED, `authorization ${String(authorization)}`);
      assert.equal(answer.data, null);
    }
    assert.equal(body(await hisPaper({ date: '2026-11-20', type: '3', token }, null)).code, ApiCode.TOKEN_EXPIRED);
  });

  it('answers -1 for a logged-out session', async () => {
    const other = await login(harness.app, '13800000002');
    await harness.database.db.updateTable('sessions').set({ revoked_at: new Date() }).where('revoked_at', 'is', null).where('user_id', '=', 2).execute();
    assert.equal(body(await hisPaper({ date: '2026-11-20', type: '3' }, other)).code, ApiCode.TOKEN_EXPIRED);
  });

  it('refuses an unknown paper type or a malformed or impossible date with 1002 and a Chinese message', async () => {
    const cases: Record<string, string>[] = [
      { date: '2026-11-20', type: '9' },
      { date: '2026-11-20', type: '0' },
      { date: '2026-11-20', type: 'abc' },
      { date: '2026-11-20' },
      { date: '2026-02-30', type: '1' },
      { date: '20261120', type: '1' },
      { date: '2026-11-20T00:00', type: '1' },
      { type: '1' },
    ];
    for (const query of cases) {
      const answer = body(await hisPaper(query));
      assert.equal(answer.code, ApiCode.INVALID_PARAMS, JSON.stringify(query));
      assert.match(answer.msg, /参数错误：(报纸类型|日期)/);
    }
  });
});
