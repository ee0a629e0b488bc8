/**
 * The 1020 refusal of a save and of a restore (a stale base_version) is the calls' declared
 * `refusal`: the answer is `{code: 1020, msg, data}` with the server's current version and nothing
 * else, and the OpenAPI document describes that data apart from the successful answer's.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { EditorCode } from 'shared-sdk/contract';
import { REFUSAL_DATA } from '../../lib/contract-route';
import { login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { PHONES, VERIFIED, add, articleFields } from './test-kit';

interface Schema {
  description?: string;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
}

describe('the 1020 refusal of a save and a restore', () => {
  const harness = setUpTestApp();
  const tokens: Record<string, string> = {};

  before(async () => {
    for (const phone of PHONES) tokens[phone] = await login(harness.app, phone);
  });

  /** The answer as sent: its JSON text, parsed without any type. */
  const raw = async (url: string, params: Record<string, string | number>) =>
    JSON.parse((await signed(harness.app, { method: 'POST', url, token: tokens[VERIFIED], params })).body) as Record<string, unknown>;
  const currentOf = async (id: number) =>
    (await harness.database.db.selectFrom('drafts').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

  it('answers code 1020, its message and the current version only, for a save and for a restore, and writes nothing', async () => {
    const first = await add(harness.app, tokens[VERIFIED], articleFields({ content: '<p>一</p>' }));
    const id = first.data.draft_id;
    const second = await add(harness.app, tokens[VERIFIED], articleFields({ draft_id: id, base_version: 1, content: '<p>二</p>' }));
    assert.equal(second.data.version, 2);

    const stale = { ...articleFields({ draft_id: id, base_version: 1, content: '<p>旧</p>' }) } as Record<string, string | number>;
    for (const [url, params] of [
      ['/api/article/add', stale],
      ['/api/draft/restoreVersion', { id, version: 1, base_version: 1 }],
    ] as const) {
      const answer = await raw(url, params);
      assert.deepEqual(Object.keys(answer), ['code', 'msg', 'data'], url);
      assert.deepEqual([answer.code, answer.msg], [EditorCode.VERSION_CONFLICT, '草稿已在其他页面更新，请选择保留哪个版本'], url);
      assert.deepEqual(answer.data, { draft_id: id, version: 2, update_time: second.data.update_time }, url);
      assert.equal(await currentOf(id), 2, `${url} wrote nothing`);
    }
  });

  it('is described in the OpenAPI document as the refusal’s data, apart from the save', async () => {
    const document = (await harness.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of ['/api/article/add', '/api/draft/restoreVersion']) {
      const data = document.paths[path].post.responses['200'].content['application/json'].schema.properties.data as Schema;
      const outcome = data.anyOf?.find((schema) => schema.anyOf) as Schema;
      assert.equal(outcome.description, REFUSAL_DATA, path);
      const [answer, refusal] = outcome.anyOf!.map((schema) => Object.keys(schema.properties ?? {}).sort());
      assert.deepEqual(answer, ['draft_id', 'manuscript_id', 'publish_time', 'status', 'update_time', 'version'], path);
      assert.deepEqual(refusal, ['draft_id', 'update_time', 'version'], path);
    }
  });
});
