import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiCode, LIMITS, type MaterialDetail, type MaterialListAnswer, type Tag } from 'shared-sdk/contract';
import { LABEL_NAME_MAX } from 'shared-sdk/rules';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp, tempDir } from '../../testing/test-app';
import { type TestToken, SAMPLE, fetchToken, newKey, ossInject } from '../oss/oss-test-client';
import { cleanedUrl } from '../../testing/clean-image';
import { setAuditStatus } from './audit';
import { operatorToken } from '../../lib/operator-access';

const VERIFIED = '13800000001';
const UNVERIFIED = '13800000002';
const BANNED = '13800000003';

describe('materials', () => {
  const tokens: Record<string, string> = {};
  let storage: TestToken;
  const data = tempDir('materials');
  const harness = setUpTestApp({ overrides: { dataDir: data.dir }, cleanUp: [data.remove] });

  const call = async <T>(phone: string, url: string, params: Record<string, string | number> = {}) =>
    body<T>(await signed(harness.app, { method: 'POST', url, token: tokens[phone], params }));
  const list = (phone: string, params: Record<string, string | number>) => call<MaterialListAnswer>(phone, '/api/material/list', params);
  const upload = async (payload: Buffer, ext = 'png', t: TestToken = storage): Promise<string> => {
    const key = newKey(t.keyScope, ext);
    const put = await ossInject(harness.app, t, { method: 'PUT', key, payload, contentType: 'image/png' });
    assert.equal(put.statusCode, 200, put.body);
    return `/oss/${t.bucket}/${key}`;
  };
  /** Uploaded, then cleaned as the add screen does: the clean copy is what a save takes. */
  const uploadClean = async (payload: Buffer, ext = 'png'): Promise<string> => cleanedUrl(harness.app, tokens[VERIFIED], await upload(payload, ext));
  const save = (phone: string, params: Partial<Record<'files' | 'covers' | 'title' | 'labels' | 'describe', string>>) =>
    call<{ ids: number[] }>(phone, '/api/material/save', { title: '测试素材', describe: '测试描述', ...params });

  before(async () => {
    for (const phone of [VERIFIED, UNVERIFIED, BANNED]) tokens[phone] = await login(harness.app, phone);
    storage = await fetchToken(harness.app, tokens[VERIFIED] ?? '');
  });

  it('lists my materials with the defaults (type 2, every status) and the Material fields of docs/product.md §3', async () => {
    const answer = await list(VERIFIED, {});
    assert.equal(answer.code, 0);
    assert.equal(answer.data.data.total, 4);
    const first = answer.data.data.data[0];
    assert.ok(first);
    assert.deepEqual(Object.keys(first).sort(), ['cm_check', 'cm_create_time', 'cm_icon_url', 'cm_id', 'cm_title', 'cm_type', 'cm_url', 'is_my']);
    assert.match(first.cm_create_time, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.ok(answer.data.data.data.every((m) => m.is_my));
    const times = answer.data.data.data.map((m) => m.cm_create_time);
    assert.deepEqual(times, [...times].sort().reverse());
  });

  it('filters my materials by audit status; the public library shows approved materials only (default 2)', async () => {
    for (const check of [1, 2, 3, 4]) {
      const answer = await list(VERIFIED, { all: 0, cm_check: check });
      assert.equal(answer.data.data.total, 1, `status ${check}`);
      assert.ok(answer.data.data.data.every((m) => m.cm_check === check));
    }
    const all = await list(UNVERIFIED, { all: 1 });
    assert.equal(all.data.data.total, 5);
    assert.ok(all.data.data.data.every((m) => m.cm_check === 2 && !m.is_my));
    assert.equal((await list(UNVERIFIED, { all: 1, cm_check: 1 })).data.data.total, 0);
    assert.equal((await list(UNVERIFIED, { all: 1, cm_type: 3 })).data.data.total, 0);
  });

  it('searches titles by keyword (1 and 2+ characters, wildcards literal) and by date range', async () => {
    assert.deepEqual(
      (await list(VERIFIED, { all: 1, cm_title: '嵩山' })).data.data.data.map((m) => m.cm_title),
      ['嵩山云海'],
    );
    assert.deepEqual(
      (await list(VERIFIED, { all: 1, cm_title: '云' })).data.data.data.map((m) => m.cm_title),
      ['嵩山云海'],
    );
    assert.equal((await list(VERIFIED, { all: 1, cm_title: '%' })).data.data.total, 0);
    // The range is taken from the seeded rows' own dates, never from the wall clock: the seed spaces
    // them whole days apart, so the range holds the same rows at every hour of the day.
    const everyone = (await list(VERIFIED, { all: 1 })).data.data.data;
    const dayOf = (title: string) => everyone.find((m) => m.cm_title === title)?.cm_create_time.slice(0, 10) ?? '';
    const recent = await list(VERIFIED, { all: 1, cm_create_time: `${dayOf('郑州东站')},${dayOf('春日田野')}` });
    assert.deepEqual(recent.data.data.data.map((m) => m.cm_title).sort(), ['春日田野', '郑州东站'].sort());
    assert.equal((await list(VERIFIED, { cm_create_time: 'yesterday,today' })).code, ApiCode.INVALID_PARAMS);
  });

  it('pages with per_page (page 2 continues page 1)', async () => {
    const one = await list(VERIFIED, { all: 1, per_page: 2, page: 1 });
    const two = await list(VERIFIED, { all: 1, per_page: 2, page: 2 });
    assert.equal(one.data.data.data.length, 2);
    assert.equal(two.data.data.total, 5);
    assert.equal(new Set([...one.data.data.data, ...two.data.data.data].map((m) => m.cm_id)).size, 4);
  });

  it('saves uploaded images (one material per file, unreviewed, logged) with tags; answers 添加素材成功', async () => {
    const tag = await call<Tag[]>(VERIFIED, '/api/label/list', { name: '风景', create: 1 });
    assert.equal(tag.code, 0);
    const again = await call<Tag[]>(VERIFIED, '/api/label/list', { name: '风景', create: 1 });
    assert.deepEqual(again.data, tag.data, 'creating twice returns the same tag');
    const found = await call<Tag[]>(VERIFIED, '/api/label/list', { name: '风' });
    assert.deepEqual(
      found.data.map((t) => t.name),
      ['风景'],
    );
    assert.deepEqual((await call<Tag[]>(VERIFIED, '/api/label/list', { name: '' })).data, []);

    const files = [
      await uploadClean(SAMPLE.png),
      await uploadClean(SAMPLE.gif, 'gif'),
      await uploadClean(SAMPLE.jpeg, 'jpg'),
      await uploadClean(SAMPLE.svg, 'svg'),
    ];
    const saved = await save(VERIFIED, { files: files.join(','), labels: String(tag.data[0]?.id), title: '新上传', describe: '四张图' });
    assert.equal(saved.code, 0, saved.msg);
    assert.equal(saved.msg, '添加素材成功');
    assert.equal(saved.data.ids.length, 4);
    const mine = await list(VERIFIED, { cm_check: 1 });
    assert.equal(mine.data.data.total, 5);
    assert.equal((await list(UNVERIFIED, { all: 1, cm_title: '新上传' })).data.data.total, 0, 'not public before approval');
    const detail = await call<MaterialDetail>(VERIFIED, '/api/material/showChild', { id: saved.data.ids[0] ?? 0 });
    assert.equal(detail.data.logs[0]?.cml_behavior, 1);
    assert.equal(detail.data.size, SAMPLE.png.length);
  });

  it('refuses every invalid save: texts, lengths, missing files, non-images by bytes, foreign or unknown keys', async () => {
    const png = await uploadClean(SAMPLE.png);
    const fake = await upload(SAMPLE.text, 'png');
    const other = await fetchToken(harness.app, tokens[UNVERIFIED] ?? '');
    const foreign = await upload(SAMPLE.png, 'png', other);
    const cases: Array<[Record<string, string>, string]> = [
      [{ files: png, title: '  ' }, '素材名称不能为空'],
      [{ files: png, title: '长'.repeat(31) }, '素材名称不能超过30个字'],
      [{ files: png, describe: '' }, '素材描述不能为空'],
      [{ files: png, describe: '长'.repeat(401) }, '素材描述不能超过400个字'],
      [{ files: '' }, '请上传图片素材'],
      [{ files: fake }, '请上传图片素材（仅支持 gif、jpeg、jpg、png、svg）'],
      [{ files: foreign }, '只能使用自己上传的文件'],
      [{ files: `/oss/${storage.bucket}/${newKey(storage.keyScope)}` }, '文件未上传完成或已失效，请重新上传'],
      [{ files: 'https://elsewhere.example/a.png' }, '素材地址不正确'],
      [{ files: png, labels: '999999' }, '标签不存在'],
    ];
    for (const [params, msg] of cases) {
      const answer = await save(VERIFIED, params);
      assert.equal(answer.code, ApiCode.INVALID_PARAMS, msg);
      assert.equal(answer.msg, msg);
    }
    assert.equal((await save(VERIFIED, { files: png, title: '长'.repeat(30), describe: '长'.repeat(400) })).code, 0, 'the limits themselves are fine');
  });

  it('counts a title, a description and a tag name by characters: emoji at the limits are accepted, one more is refused', async () => {
    const png = await uploadClean(SAMPLE.png);
    const emoji = '😀';
    const title = emoji.repeat(LIMITS.MATERIAL_TITLE_MAX);
    const saved = await save(VERIFIED, { files: png, title, describe: emoji.repeat(LIMITS.MATERIAL_DESCRIBE_MAX) });
    assert.equal(saved.code, 0, saved.msg);
    const detail = await call<MaterialDetail>(VERIFIED, '/api/material/showChild', { id: saved.data.ids[0] ?? 0 });
    assert.equal(detail.data.cm_title, title);
    const longer = await save(VERIFIED, { files: png, title: title + emoji });
    assert.equal(longer.msg, `素材名称不能超过${LIMITS.MATERIAL_TITLE_MAX}个字`);

    const tag = await call<Tag[]>(VERIFIED, '/api/label/list', { name: emoji.repeat(LABEL_NAME_MAX), create: 1 });
    assert.equal(tag.code, 0, tag.msg);
    assert.equal(tag.data[0]?.name, emoji.repeat(LABEL_NAME_MAX));
    const tooLong = await call<Tag[]>(VERIFIED, '/api/label/list', { name: emoji.repeat(LABEL_NAME_MAX + 1), create: 1 });
    assert.equal(tooLong.code, ApiCode.INVALID_PARAMS);
    assert.equal(tooLong.msg, `标签不能超过${LABEL_NAME_MAX}个字`);
  });

  it('deletes own materials only (all or nothing) and answers 删除素材成功', async () => {
    const others = await list(VERIFIED, { all: 1, cm_title: '嵩山' });
    const own = await list(VERIFIED, { cm_check: 3 });
    const ownId = own.data.data.data[0]?.cm_id ?? 0;
    const refused = await call<null>(VERIFIED, '/api/material/delChild', { ids: `${ownId},${others.data.data.data[0]?.cm_id}` });
    assert.equal(refused.code, ApiCode.FORBIDDEN);
    assert.equal((await list(VERIFIED, { cm_check: 3 })).data.data.total, 1, 'nothing deleted');
    const done = await call<null>(VERIFIED, '/api/material/delChild', { ids: String(ownId) });
    assert.equal(done.msg, '删除素材成功');
    assert.equal((await list(VERIFIED, { cm_check: 3 })).data.data.total, 0);
    assert.equal((await call<MaterialDetail>(VERIFIED, '/api/material/showChild', { id: ownId })).code, ApiCode.NOT_FOUND);
  });

  it('downloads (operation 3) approved materials only, logged in the detail', async () => {
    const approved = (await list(VERIFIED, { all: 1, cm_title: '龙门' })).data.data.data[0]?.cm_id ?? 0;
    const pending = (await list(VERIFIED, { cm_check: 4 })).data.data.data[0]?.cm_id ?? 0;
    const ok = await call<null>(VERIFIED, '/api/material/operation', { cm_id: approved, cml_behavior: 3 });
    assert.equal(ok.msg, '素材操作成功');
    assert.equal((await call<null>(VERIFIED, '/api/material/operation', { cm_id: pending, cml_behavior: 3 })).code, ApiCode.FORBIDDEN);
    assert.equal((await call<null>(VERIFIED, '/api/material/operation', { cm_id: approved, cml_behavior: 9 })).code, ApiCode.INVALID_PARAMS);
    assert.equal(
      (await call<null>(UNVERIFIED, '/api/material/operation', { cm_id: pending, cml_behavior: 5 })).code,
      ApiCode.NOT_FOUND,
      "others' unapproved materials are invisible",
    );
    const detail = await call<MaterialDetail>(VERIFIED, '/api/material/showChild', { id: approved });
    assert.deepEqual(Object.keys(detail.data).sort(), [
      'cm_check',
      'cm_icon_url',
      'cm_id',
      'cm_title',
      'cm_type',
      'cm_url',
      'is_my',
      'logs',
      'manuscript',
      'nick_name',
      'other',
      'size',
      'update_time',
    ]);
    assert.equal(detail.data.logs[0]?.cml_behavior, 3);
    assert.equal(detail.data.logs[0]?.phone, '138****0001');
    assert.equal(detail.data.nick_name, '河南日报企业号');
  });

  it('uses a material only when verified and not banned on range 1, with an allowed manuscript type; records log and usage', async () => {
    const id = (await list(VERIFIED, { all: 1, cm_title: '开封' })).data.data.data[0]?.cm_id ?? 0;
    assert.equal((await call<null>(UNVERIFIED, '/api/material/use', { cm_id: id, nm_type: 1 })).code, ApiCode.CERT_REQUIRED);
    assert.equal((await call<null>(BANNED, '/api/material/use', { cm_id: id, nm_type: 1 })).code, ApiCode.BANNED);
    assert.equal((await call<null>(VERIFIED, '/api/material/use', { cm_id: id, nm_type: 2 })).code, ApiCode.INVALID_PARAMS, 'an image cannot start a video');
    assert.equal((await call<null>(VERIFIED, '/api/material/use', { cm_id: id, nm_type: 3, nm_title: '图集稿' })).code, 0);
    const detail = await call<MaterialDetail>(VERIFIED, '/api/material/showChild', { id });
    assert.deepEqual(
      detail.data.manuscript.map((m) => [m.nm_title, m.nm_type, m.phone]),
      [['图集稿', 3, '138****0001']],
    );
    assert.equal(detail.data.logs[0]?.cml_behavior, 2);
  });

  it('moves a material through the audit (CLI function and operator endpoint), logged; approval makes it public', async () => {
    const id = (await list(VERIFIED, { cm_check: 1 })).data.data.data[0]?.cm_id ?? 0;
    await setAuditStatus(harness.database.db, id, 4);
    const refused = await harness.app.inject({
      method: 'POST',
      url: '/operator/material/audit',
      headers: { 'x-operator-token': 'wrong' },
      payload: { id, status: 2 },
    });
    assert.equal(refused.statusCode, 403);
    const approved = await harness.app.inject({
      method: 'POST',
      url: '/operator/material/audit',
      headers: { 'x-operator-token': operatorToken() },
      payload: { id, status: 2 },
    });
    assert.equal(approved.json<{ code: number }>().code, 0, approved.body);
    const detail = await call<MaterialDetail>(UNVERIFIED, '/api/material/showChild', { id });
    assert.equal(detail.data.cm_check, 2);
    assert.deepEqual(
      detail.data.logs.slice(0, 2).map((l) => [l.cml_behavior, l.phone]),
      [
        [11, '运营'],
        [10, '运营'],
      ],
    );
    assert.ok((await list(UNVERIFIED, { all: 1 })).data.data.data.some((m) => m.cm_id === id));
  });
});
