import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { body, signed } from '../testing/signed';
import { setUpTestApp, tempDir } from '../testing/test-app';
import { REDACTED, redactText, redactValue } from './log-redaction';

/** Hardening: live tokens, signatures, passwords and upload secrets never reach the log. */
describe('log redaction', () => {
  const lines: string[] = [];
  const data = tempDir('log-redaction');
  const harness = setUpTestApp({
    overrides: { dataDir: data.dir, logLevel: 'info' },
    deps: { logStream: { write: (line: string) => void lines.push(line) } },
    cleanUp: [data.remove],
  });

  it('writes no token, sign, password or upload secret of real calls to the log', async () => {
    const password = 'demo1234';
    const login = body<{ token: string }>(await signed(harness.app, { method: 'POST', url: '/login/admin/login', params: { phone: '13800000001', password } }));
    const token = login.data.token;
    // GET calls carry the token and the signature in the URL.
    const info = await signed(harness.app, { url: '/api/user/mpBaseUserinfo', token });
    const sign = new URL(`http://x${String(info.raw.req.url)}`).searchParams.get('sign') ?? '';
    const upload = body<{ secretAccessKey: string; sessionToken: string }>(await signed(harness.app, { url: '/api/upload/tos/token', token }));
    // A refused call and a malformed body are logged with their URL and error.
    await harness.app.inject({ method: 'GET', url: `/service/userban/getUserBanInfo?token=${token}x` });
    await harness.app.inject({
      method: 'POST',
      url: `/api/user/update?token=${token}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"token":"${token}","password":"${password}",`,
    });
    await signed(harness.app, { method: 'POST', url: '/login/admin/quit', token });

    const log = lines.join('');
    assert.ok(lines.filter((line) => line.includes('"msg":"request completed"')).length >= 6, 'the requests were logged');
    assert.match(log, /"url":"\/api\/user\/mpBaseUserinfo\?[^"]*token=\[redacted\]/);
    for (const [name, secret] of Object.entries({ token, sign, secretAccessKey: upload.data.secretAccessKey, sessionToken: upload.data.sessionToken })) {
      assert.ok(secret.length > 8, name);
      assert.ok(!log.includes(secret), `${name} appears in the log`);
    }
    assert.ok(!log.includes(password), 'the password appears in the log');
  });

  it('logs a request in one line when it is answered: the request, its status and its time', async () => {
    lines.length = 0;
    const login = body<{ token: string }>(
      await signed(harness.app, { method: 'POST', url: '/login/admin/login', params: { phone: '13800000001', password: 'demo1234' } }),
    );
    lines.length = 0;
    await signed(harness.app, { url: '/api/user/mpBaseUserinfo', token: login.data.token });
    const entries = lines.map(
      (line) =>
        JSON.parse(line) as {
          msg: string;
          level: number;
          reqId: string;
          req?: { method: string; url: string };
          res?: { statusCode: number };
          responseTime?: number;
        },
    );
    assert.deepEqual(
      entries.map((entry) => entry.msg),
      ['request completed'],
      'no separate line for the arrival at info',
    );
    const [line] = entries;
    assert.equal(line!.req?.method, 'GET');
    assert.match(line!.req?.url ?? '', /^\/api\/user\/mpBaseUserinfo\?[^ ]*token=\[redacted\]/);
    assert.equal(line!.res?.statusCode, 200);
    assert.equal(typeof line!.responseTime, 'number');
    assert.ok(line!.reqId);
  });

  it('redacts secrets in URLs, form bodies, JSON text and logged objects, and keeps the rest', () => {
    assert.equal(redactText('/api/x?a=1&token=abc&sign=def#h'), `/api/x?a=1&token=${REDACTED}&sign=${REDACTED}#h`);
    assert.equal(redactText('phone=138&password=secret1&Token=t'), `phone=138&password=${REDACTED}&Token=${REDACTED}`);
    assert.equal(redactText('{"password":"p\\"w","phone":"138"}'), `{"password":"${REDACTED}","phone":"138"}`);
    assert.equal(redactText('/api/x?mytoken=keep'), '/api/x?mytoken=keep');
    assert.deepEqual(redactValue({ body: { sessionToken: 's', secretAccessKey: 'k', title: 't' }, query: { token: 'x' }, url: '/a?token=y' }), {
      body: { sessionToken: REDACTED, secretAccessKey: REDACTED, title: 't' },
      query: { token: REDACTED },
      url: `/a?token=${REDACTED}`,
    });
  });
});
