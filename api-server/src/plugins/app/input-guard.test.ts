import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ApiCode, computeSign, newNonce } from 'shared-sdk/contract';
import { IdList } from 'shared-sdk/contract/schemas';
import { INT32_MAX, describeValidation, hardenRequestSchema } from '../../lib/request-input';
import { setUpTestApp, TEST_APP_ID, TEST_APP_SECRET } from '../../testing/test-app';
import { body, login, signed } from '../../testing/signed';

describe('hostile input never reaches the database', () => {
  const harness = setUpTestApp();
  let token: string;

  before(async () => {
    token = await login(harness.app, '13800000001');
  });

  const get = (url: string, params: Record<string, string>) => signed(harness.app, { url, params, token });
  const post = (url: string, params: Record<string, string>) => signed(harness.app, { method: 'POST', url, params, token });

  it('refuses a NUL byte in any text, named, with 1002', async () => {
    const response = await post('/api/user/update', { nickname: '昵称\u0000x' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(body(response), { code: ApiCode.INVALID_PARAMS, msg: '参数错误：nickname 不能包含空字符', data: null });
    // Also in a field no schema names, and on login (where the phone meets a text column).
    assert.equal(body(await get('/api/user/mpBaseUserinfo', { extra: '\u0000' })).code, ApiCode.INVALID_PARAMS);
    assert.equal(
      body(await signed(harness.app, { method: 'POST', url: '/login/admin/login', params: { phone: '1380000\u00000001', password: 'x' } })).code,
      ApiCode.INVALID_PARAMS,
    );
  });

  it('refuses Infinity and 1e309 for an integer, in a query, a form and a JSON body', async () => {
    for (const value of ['Infinity', '-Infinity', '1e309', '-1e309']) {
      const answer = body(await get('/api/draft/show', { id: value }));
      assert.equal(answer.code, ApiCode.INVALID_PARAMS, value);
      assert.match(answer.msg, /^参数错误：id /);
    }
    assert.equal(body(await post('/api/material/showChild', { id: 'Infinity' })).code, ApiCode.INVALID_PARAMS);
    const fields = { id: 1, timestamp: Date.now(), app_id: TEST_APP_ID, nonce: newNonce(), token };
    const sign = computeSign({ ...fields, id: 'Infinity' }, TEST_APP_SECRET, { method: 'POST', path: '/api/material/showChild' });
    // JSON.parse reads 1e309 as Infinity.
    const json = `{"id":1e309,"timestamp":${fields.timestamp},"app_id":"${TEST_APP_ID}","nonce":"${fields.nonce}","token":"${token}","sign":"${sign}"}`;
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/material/showChild',
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    assert.equal(response.statusCode, 200);
    assert.equal(body(response).code, ApiCode.INVALID_PARAMS);
  });

  it('refuses integers beyond 32 bits: ids=2147483648, page=1e22', async () => {
    const ids = body(await post('/api/notice/read', { ids: '2147483648' }));
    assert.deepEqual(ids, { code: ApiCode.INVALID_PARAMS, msg: '参数错误：ids 格式不正确', data: null });
    assert.equal(body(await post('/api/notice/read', { ids: `1,${INT32_MAX}` })).code, ApiCode.OK);
    const page = body(await get('/api/draft/search', { type: '0', page: '1e22', size: '10' }));
    assert.equal(page.code, ApiCode.INVALID_PARAMS);
    assert.match(page.msg, /^参数错误：page 不能大于/);
    assert.equal(body(await get('/api/notice/getMpNoReadNums', { type: '2147483648' })).code, ApiCode.INVALID_PARAMS);
  });

  it('bounds every integer and number a schema leaves open, keeping the bounds it sets', () => {
    const hardened = hardenRequestSchema({
      type: 'object',
      properties: {
        a: { type: 'integer' },
        b: { type: 'number' },
        c: { type: 'integer', minimum: 1, maximum: 9 },
        d: { type: 'array', items: { type: ['integer', 'null'] } },
      },
    }) as { properties: Record<string, Record<string, unknown>> };
    assert.deepEqual(hardened.properties.a, { type: 'integer', minimum: -2_147_483_648, maximum: INT32_MAX });
    assert.deepEqual(hardened.properties.b, { type: 'number', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
    assert.deepEqual(hardened.properties.c, { type: 'integer', minimum: 1, maximum: 9 });
    assert.deepEqual((hardened.properties.d as { items: unknown }).items, { type: ['integer', 'null'], minimum: -2_147_483_648, maximum: INT32_MAX });
  });

  it('matches exactly the 32-bit ids in an id list', () => {
    const pattern = new RegExp(String((IdList(3) as { pattern?: string }).pattern));
    for (const ok of ['1', '9', '10', '999999999', '1999999999', '2147483647', '2147483639', '1,2,3']) assert.ok(pattern.test(ok), ok);
    for (const bad of ['0', '01', '2147483648', '2147483650', '2200000000', '9999999999', '-1', '1,', ',1', '1,,2', '1,2,3,4', '1.5', ' 1']) {
      assert.ok(!pattern.test(bad), bad);
    }
  });

  it('says in Chinese which field broke which rule', () => {
    const issue = (keyword: string, params: Record<string, unknown>, instancePath = '/page') => describeValidation([{ keyword, instancePath, params }]);
    assert.equal(issue('required', { missingProperty: 'id' }, ''), '参数错误：缺少 id');
    assert.equal(issue('maximum', { limit: 100 }), '参数错误：page 不能大于 100');
    assert.equal(issue('type', { type: 'integer' }), '参数错误：page 必须是整数');
    assert.equal(issue('maxLength', { limit: 20 }, '/nickname'), '参数错误：nickname 长度不能超过 20 个字符');
    assert.equal(issue('pattern', {}, '/ids'), '参数错误：ids 格式不正确');
  });
});
