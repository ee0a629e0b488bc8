import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiCode, type JobListAnswer, type JobPost } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { runToolCommand } from '../tools/operator';

const RECRUITER = '13800000001';
const NO_TOOL = '13800000002';
const OTHER_RECRUITER = '13800000007';

const POST = {
  title: '视频编辑',
  salary_min: 6000,
  salary_max: 9000,
  city: '郑州',
  headcount: 2,
  description: '负责短视频剪辑与包装，熟悉常用剪辑软件。',
  contact_name: '王经理',
  contact_phone: '0371-65795000',
};

describe('recruitment tool (job posts)', () => {
  const harness = setUpTestApp();
  const tokens: Record<string, string> = {};
  const call = async <T>(phone: string, url: string, params: Record<string, string | number> = {}) =>
    body<T>(await signed(harness.app, { method: 'POST', url, token: tokens[phone], params }));
  const save = (phone: string, change: Record<string, string | number> = {}) => call<JobPost>(phone, '/api/job/save', { ...POST, ...change });

  before(async () => {
    await runToolCommand(harness.database.db, 'grant-tool', { phone: OTHER_RECRUITER, tool: 'oddjobs' });
    for (const phone of [RECRUITER, NO_TOOL, OTHER_RECRUITER]) tokens[phone] = await login(harness.app, phone);
  });

  it('refuses every job call without the oddjobs tool', async () => {
    for (const [url, params] of [
      ['/api/job/list', {}],
      ['/api/job/detail', { id: 1 }],
      ['/api/job/save', POST],
      ['/api/job/status', { id: 1, status: 2 }],
    ] as const) {
      const answer = await call(NO_TOOL, url, params);
      assert.equal(answer.code, ApiCode.FORBIDDEN, url);
      assert.equal(answer.msg, '未开通招聘管理工具');
      assert.equal(answer.data, null);
    }
  });

  it('lists my seeded posts newest first, filtered by status', async () => {
    const all = await call<JobListAnswer>(RECRUITER, '/api/job/list');
    assert.equal(all.data.total, 3);
    assert.deepEqual(
      all.data.list.map((j) => j.status),
      [1, 2, 3],
    );
    assert.deepEqual(
      (await call<JobListAnswer>(RECRUITER, '/api/job/list', { status: 2 })).data.list.map((j) => j.title),
      ['新媒体运营'],
    );
    assert.equal((await call<JobListAnswer>(OTHER_RECRUITER, '/api/job/list')).data.total, 0, 'only my own');
    assert.equal((await call(RECRUITER, '/api/job/list', { status: 9 })).code, ApiCode.INVALID_PARAMS);
  });

  it('validates every field on the server', async () => {
    const cases: [Record<string, string | number>, RegExp][] = [
      [{ title: '编' }, /职位名称/],
      [{ salary_min: 0 }, /月薪/],
      [{ salary_max: 2_000_000 }, /月薪/],
      [{ salary_min: 9000, salary_max: 6000 }, /最低月薪不能高于最高月薪/],
      [{ city: '' }, /城市/],
      [{ headcount: 0 }, /招聘人数/],
      [{ headcount: 1000 }, /招聘人数/],
      [{ description: '太短' }, /职位描述/],
      [{ contact_name: '' }, /联系人/],
      [{ contact_phone: '110' }, /联系电话/],
    ];
    for (const [change, message] of cases) {
      const answer = await save(RECRUITER, change);
      assert.equal(answer.code, ApiCode.INVALID_PARAMS, JSON.stringify(change));
      assert.match(answer.msg, message);
    }
    const hostiles: Array<Record<string, string | number>> = [
      { salary_min: 'Infinity' },
      { headcount: '99999999999' },
      { headcount: 1.5 },
      { title: '视频\u0000编辑' },
      { description: 'x'.repeat(200_000) },
    ];
    for (const hostile of hostiles) {
      assert.equal((await save(RECRUITER, hostile)).code, ApiCode.INVALID_PARAMS, JSON.stringify(hostile).slice(0, 40));
    }
    assert.equal((await call<JobListAnswer>(RECRUITER, '/api/job/list')).data.total, 3, 'nothing stored');
  });

  it('creates 招聘中, edits, pauses, reopens and closes for good', async () => {
    const created = await save(RECRUITER);
    assert.equal(created.code, 0, created.msg);
    assert.equal(created.data.status, 1);
    const id = created.data.id;
    const edited = await save(RECRUITER, { id, title: '资深视频编辑', salary_max: 12000 });
    assert.equal(edited.data.title, '资深视频编辑');
    assert.equal(edited.data.salary_max, 12000);
    assert.equal((await call<JobPost>(RECRUITER, '/api/job/status', { id, status: 2 })).data.status, 2);
    assert.equal((await call<JobPost>(RECRUITER, '/api/job/status', { id, status: 1 })).data.status, 1);
    assert.equal((await call<JobPost>(RECRUITER, '/api/job/status', { id, status: 3 })).data.status, 3);
    for (const status of [1, 2, 3]) {
      const refused = await call(RECRUITER, '/api/job/status', { id, status });
      assert.equal(refused.code, ApiCode.CONFLICT);
      assert.equal(refused.msg, '已关闭的职位不能再修改');
    }
    assert.equal((await save(RECRUITER, { id, title: '改不了' })).code, ApiCode.CONFLICT);
    assert.equal((await call<JobPost>(RECRUITER, '/api/job/detail', { id })).data.title, '资深视频编辑');
    const open = (await call<JobListAnswer>(RECRUITER, '/api/job/list', { status: 1 })).data.list[0];
    assert.ok(open);
    assert.equal((await call(RECRUITER, '/api/job/status', { id: open.id, status: 1 })).code, ApiCode.CONFLICT, 'already open');
  });

  it('is owner-only: another recruiter’s post reads as missing', async () => {
    const mine = (await call<JobListAnswer>(RECRUITER, '/api/job/list')).data.list[0];
    assert.ok(mine);
    for (const [url, params] of [
      ['/api/job/detail', { id: mine.id }],
      ['/api/job/status', { id: mine.id, status: 3 }],
      ['/api/job/save', { ...POST, id: mine.id }],
    ] as const) {
      const answer = await call(OTHER_RECRUITER, url, params);
      assert.equal(answer.code, ApiCode.NOT_FOUND, url);
      assert.equal(answer.msg, '职位不存在');
    }
    assert.equal((await call<JobPost>(RECRUITER, '/api/job/detail', { id: mine.id })).data.status, mine.status, 'unchanged');
  });

  it('takes effect at once when an operator revokes the tool', async () => {
    await runToolCommand(harness.database.db, 'revoke-tool', { phone: OTHER_RECRUITER, tool: 'oddjobs' });
    assert.equal((await call(OTHER_RECRUITER, '/api/job/list')).code, ApiCode.FORBIDDEN);
    await assert.rejects(runToolCommand(harness.database.db, 'grant-tool', { phone: OTHER_RECRUITER, tool: 'nosuch' }), /Unknown tool/);
  });
});
