import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { AI_MESSAGES, AiCode, ApiCode } from 'shared-sdk/contract';
import { body, login, signParams, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';

const KEY = 'sk-test-provider-key-never-in-answers';
const VERIFIED = '13800000001';

interface SeenRequest {
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> };
  closedEarly: boolean;
}

/** A local OpenAI-compatible provider: streams the pieces it is told to, or fails, or stalls. */
function startProvider(): Promise<{ server: http.Server; url: string; seen: SeenRequest[]; mode: { value: 'ok' | 'fail' | 'slow' } }> {
  const seen: SeenRequest[] = [];
  const mode = { value: 'ok' as 'ok' | 'fail' | 'slow' };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (c: Buffer) => (raw += c.toString()));
    request.on('end', () => {
      const entry: SeenRequest = { authorization: request.headers.authorization, body: JSON.parse(raw) as SeenRequest['body'], closedEarly: false };
      seen.push(entry);
      if (request.url !== '/v1/chat/completions') return void response.writeHead(404).end();
      if (mode.value === 'fail') return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.on('close', () => {
        if (!response.writableFinished) entry.closedEarly = true;
      });
      const pieces = ['黄河', '之水', '天上来'];
      const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;
      if (mode.value === 'slow') {
        // One piece, then a long silence: the caller cancels meanwhile.
        response.write(chunk(pieces[0] ?? ''));
        return;
      }
      response.write(': keep-alive\n\n');
      for (const piece of pieces) response.write(chunk(piece));
      response.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen, mode })),
  );
}

const events = (text: string) =>
  text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ name: /^event: (.+)$/m.exec(block)?.[1] ?? 'message', data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') as unknown }));

describe('AI writing helpers', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let configured: FastifyInstance;
  let unconfigured: FastifyInstance;
  let token = '';
  let otherToken = '';

  const write = (app: FastifyInstance, params: Record<string, string>, t = token) => signed(app, { method: 'POST', url: '/api/ai/write', token: t, params });

  before(async () => {
    provider = await startProvider();
  });
  const harness = setUpTestApp({
    overrides: () => ({ aiBaseUrl: provider.url, aiApiKey: KEY, aiModel: 'test-model', aiPerMinute: 8 }),
    cleanUp: [
      () => {
        provider.server.closeAllConnections();
        provider.server.close();
      },
    ],
  });
  before(async () => {
    configured = harness.app;
    unconfigured = await harness.buildApp();
    token = await login(configured, VERIFIED);
    otherToken = await login(configured, '13800000006');
  });

  it('says clearly when no provider is configured, and calls nobody', async () => {
    const status = body<{ configured: boolean }>(await signed(unconfigured, { url: '/api/ai/status', token }));
    assert.deepEqual(status.data, { configured: false });
    const answer = body(await write(unconfigured, { action: 'polish', text: '一段文字' }));
    assert.equal(answer.code, AiCode.NOT_CONFIGURED);
    assert.equal(answer.msg, AI_MESSAGES.NOT_CONFIGURED);
    assert.equal(provider.seen.length, 0);
  });

  it("streams the provider's answer piece by piece, with the action's instructions and the model, never the key", async () => {
    assert.deepEqual(body<{ configured: boolean }>(await signed(configured, { url: '/api/ai/status', token })).data, { configured: true });
    const response = await write(configured, { action: 'expand', text: '黄河之水' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/event-stream/);
    assert.deepEqual(events(response.body), [
      { name: 'message', data: { delta: '黄河' } },
      { name: 'message', data: { delta: '之水' } },
      { name: 'message', data: { delta: '天上来' } },
      { name: 'message', data: { done: true } },
    ]);
    assert.ok(!response.body.includes(KEY));
    const seen = provider.seen.at(-1);
    assert.equal(seen?.authorization, `Bearer ${KEY}`);
    assert.equal(seen?.body.model, 'test-model');
    assert.equal(seen?.body.stream, true);
    assert.match(seen?.body.messages[0]?.content ?? '', /扩写/);
    assert.equal(seen?.body.messages[1]?.content, '黄河之水');
  });

  it('passes the tone and the free instruction on, and refuses incomplete requests before calling the provider', async () => {
    await write(configured, { action: 'tone', text: '今天开会', tone: '轻松' });
    assert.match(provider.seen.at(-1)?.body.messages[0]?.content ?? '', /「轻松」/);
    await write(configured, { action: 'openAi', text: '', prompt: '写一段郑州秋天的开头' });
    assert.equal(provider.seen.at(-1)?.body.messages[1]?.content, '写一段郑州秋天的开头');
    const before = provider.seen.length;
    const refusals: Array<[Record<string, string>, string]> = [
      [{ action: 'polish', text: '   ' }, AI_MESSAGES.TEXT_REQUIRED],
      [{ action: 'tone', text: '今天开会', tone: '阴阳怪气' }, AI_MESSAGES.TONE_REQUIRED],
      [{ action: 'openAi', text: '' }, AI_MESSAGES.PROMPT_REQUIRED],
      [{ action: 'expand', text: '字'.repeat(5001) }, AI_MESSAGES.TEXT_TOO_LONG],
    ];
    for (const [params, message] of refusals) {
      const answer = body(await write(configured, params, otherToken));
      assert.equal(answer.code, ApiCode.INVALID_PARAMS, message);
      assert.equal(answer.msg, message);
    }
    assert.equal(body(await write(configured, { action: 'summarise', text: 'x' }, otherToken)).code, ApiCode.INVALID_PARAMS);
    assert.equal(provider.seen.length, before);
  });

  it('answers a JSON refusal when the provider fails before any text', async () => {
    provider.mode.value = 'fail';
    try {
      const answer = body(await write(configured, { action: 'polish', text: '一段文字' }, otherToken));
      assert.equal(answer.code, AiCode.PROVIDER_FAILED);
      assert.equal(answer.msg, AI_MESSAGES.PROVIDER_FAILED);
    } finally {
      provider.mode.value = 'ok';
    }
  });

  it('stops asking the provider when the creator cancels', async () => {
    provider.mode.value = 'slow';
    const address = await configured.listen({ port: 0, host: '127.0.0.1' });
    try {
      const controller = new AbortController();
      const params = signParams({ method: 'POST', url: '/api/ai/write', token: otherToken, params: { action: 'polish', text: '慢慢来' } });
      const response = await fetch(`${address}/api/ai/write`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
        signal: controller.signal,
      });
      const reader = response.body?.getReader();
      const first = new TextDecoder().decode((await reader?.read())?.value);
      assert.match(first, /黄河/);
      controller.abort();
      const seen = provider.seen.at(-1);
      for (let i = 0; i < 50 && !seen?.closedEarly; i += 1) await new Promise((r) => setTimeout(r, 20));
      assert.equal(seen?.closedEarly, true, 'the provider request was closed');
    } finally {
      provider.mode.value = 'ok';
    }
  });

  it('is for whoever may create: refuses an unverified creator (1005) and one banned from both content and posts (1006), before calling the provider', async () => {
    const seenBefore = provider.seen.length;
    const unverified = await login(configured, '13800000002');
    const refusedCert = body(await write(configured, { action: 'polish', text: '一段文字' }, unverified));
    assert.equal(refusedCert.code, ApiCode.CERT_REQUIRED, refusedCert.msg);

    // Banned from content only ("1"): posts are still open, so the helpers are too.
    const contentBanned = await login(configured, '13800000003');
    const open = await write(configured, { action: 'polish', text: '一段文字' }, contentBanned);
    assert.match(String(open.headers['content-type']), /^text\/event-stream/);

    const postBanned = await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000004').executeTakeFirstOrThrow();
    const bannedToken = await login(configured, '13800000004');
    await harness.database.db.updateTable('bans').set({ ban_range_type: '1,3' }).where('user_id', '=', postBanned.id).execute();
    try {
      const refusedBan = body(await write(configured, { action: 'polish', text: '一段文字' }, bannedToken));
      assert.equal(refusedBan.code, ApiCode.BANNED, refusedBan.msg);
    } finally {
      await harness.database.db.updateTable('bans').set({ ban_range_type: '3' }).where('user_id', '=', postBanned.id).execute();
    }
    assert.equal(provider.seen.length, seenBefore + 1, 'only the allowed call reached the provider');
  });

  it('refuses cheaply before looking up a ban: not configured and too many calls come first', async () => {
    const banned = await harness.database.db.selectFrom('users').select('id').where('phone', '=', '13800000004').executeTakeFirstOrThrow();
    await harness.database.db.updateTable('bans').set({ ban_range_type: '1,3' }).where('user_id', '=', banned.id).execute();
    try {
      const unconfiguredToken = await login(unconfigured, '13800000004');
      const notConfigured = body(await write(unconfigured, { action: 'polish', text: '一段文字' }, unconfiguredToken));
      assert.equal(notConfigured.code, AiCode.NOT_CONFIGURED, notConfigured.msg);
      const bannedToken = await login(configured, '13800000004');
      const badRequest = body(await write(configured, { action: 'polish', text: '   ' }, bannedToken));
      assert.equal(badRequest.code, ApiCode.INVALID_PARAMS, badRequest.msg);
      const codes: number[] = [];
      for (let i = 0; i < 9; i += 1) codes.push(body(await write(configured, { action: 'polish', text: '一段文字' }, bannedToken)).code);
      // Refused for the ban until the limiter's 8 calls a minute are spent (a test before may have spent some), then by the limiter.
      const limited = codes.indexOf(ApiCode.TOO_MANY_ATTEMPTS);
      assert.ok(limited > 0, String(codes));
      assert.deepEqual(codes, [...Array<number>(limited).fill(ApiCode.BANNED), ...Array<number>(9 - limited).fill(ApiCode.TOO_MANY_ATTEMPTS)]);
    } finally {
      await harness.database.db.updateTable('bans').set({ ban_range_type: '3' }).where('user_id', '=', banned.id).execute();
    }
  });

  it("limits each user's calls per minute and needs a session", async () => {
    const fresh = await login(configured, '13800000007');
    const codes: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const response = await write(configured, { action: 'polish', text: '一段文字' }, fresh);
      codes.push(response.headers['content-type']?.toString().startsWith('text/event-stream') ? 0 : body(response).code);
    }
    assert.deepEqual(codes, [0, 0, 0, 0, 0, 0, 0, 0, ApiCode.TOO_MANY_ATTEMPTS]);
    assert.notEqual(body(await signed(configured, { method: 'POST', url: '/api/ai/write', params: { action: 'polish', text: 'x' } })).code, 0);
  });
});
