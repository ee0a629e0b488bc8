/**
 * Staged rollout end to end, with the deploy CLI against the running product's release store: a
 * second mf-tools (its screen title marked) on a canary (50 %) seen by exactly the users in its bucket
 * (across reloads, and right after logging in), promote, rollback; then a canary whose entry was
 * tampered with after publishing: the user still gets the screen from stable, the failure is counted,
 * and enough failures roll it back automatically; then a canary that loads but throws on render: its
 * users' error reports roll it back by the analysis, the release webhook hears it, and stable users
 * never see it; such an error as the release health API shows it, its stack mapped to the line of
 * the remote's source; a healthy canary on a step plan that the server walks to 100 % and promotes.
 * Stable is restored: other e2e files share this server.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { FolderBlobStore, ReleaseStore, bucketOf } from 'deploy';
import type { Page } from 'playwright-core';
import type { ApiEnvelope, RolloutView } from 'shared-sdk/contract';
import { tokenOf } from '../support/api';
import { ACCOUNTS, DEMO_PASSWORD, loggedIn, useBrowser } from '../support/browser';
import { baseUrl, dataDir } from '../support/env';
import { operatorToken } from '../support/operator';
import { ROOT } from '../support/server';

const releasesDir = path.join(process.env.E2E_DATA_DIR ?? path.join(ROOT, '.data'), 'releases');
const REMOTE = 'mf-tools';
const TITLE = '权益中心';
/** Who the history names for what the server's step-plan checks did. */
const STEP_PLAN_ACTOR = 'api-server (step plan)';

/** One of a version's top errors, as the release health API (the console's 发布 screen) shows it. */
interface TopError {
  message: string;
  /** The first frame found in the release's sources: `src/…:line:column`. */
  source: string;
  stack: string;
}

/** One deploy command, as a person types it; its output, or a failure with the CLI's message. */
async function deploy(...args: string[]): Promise<string> {
  const cli = path.join(ROOT, 'deploy', 'bin', 'deploy.js');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, ...args, '--store', releasesDir, '--who', 'e2e']);
  return stdout;
}

interface Viewer {
  phone: string;
  bucket: number;
  page: Page;
}

/**
 * Two users on either side of the canary: 50 % when their buckets allow it. The salt is new with every
 * data folder, so a few demo users can all land on one side; then the percentage that splits them.
 */
function split(viewers: readonly Viewer[]): { inside: Viewer; outside: Viewer; percent: number } | null {
  const low = viewers.find((v) => v.bucket < 50);
  const high = viewers.find((v) => v.bucket >= 50);
  if (low && high) return { inside: low, outside: high, percent: 50 };
  const sorted = [...viewers].sort((a, b) => a.bucket - b.bucket);
  const [first, last] = [sorted[0], sorted.at(-1)];
  return first && last && first.bucket < last.bucket ? { inside: first, outside: last, percent: last.bucket } : null;
}

/**
 * Waits for `text` (a string matched whole) in the main area; if it does not show, the error says what
 * the page showed instead.
 */
async function shownInMain(page: Page, text: string | RegExp, timeout: number): Promise<void> {
  try {
    await page.locator('main').getByText(text, { exact: true }).first().waitFor({ timeout });
  } catch (error) {
    const main = await page
      .locator('main')
      .innerText({ timeout: 1_000 })
      .catch(() => '(no main area)');
    throw new Error(`${page.url()}: ${String(text)} did not show within ${timeout} ms; the main area read: ${main.slice(0, 300)}`, { cause: error });
  }
}

/** Opens /rights; the mf-tools versions whose files the page requested, once the screen shows `title`. */
async function openRights(page: Page, title: string, timeout = 15_000): Promise<string[]> {
  const seen = new Set<string>();
  const onRequest = (request: { url: () => string }) => {
    const version = /\/releases\/mf-tools\/([^/]+)\//.exec(request.url())?.[1];
    if (version) seen.add(version);
  };
  page.on('request', onRequest);
  try {
    await page.goto(`${baseUrl}/rights`);
    // The screen's own title in the main area (the menu's entry is outside it).
    await shownInMain(page, title, timeout);
  } finally {
    page.off('request', onRequest);
  }
  return [...seen].sort();
}

/**
 * A copy of a published release with a new version, and the screen's title changed in its chunk.
 * `rebuilt`: the screen's module also gets another id (in its chunk and in the entry that requires
 * it), as a real rebuild gives it; its chunk keeps its id and file name. Such a canary's chunk, run
 * before its entry failed, is what broke the stable retry when both versions shared one registry.
 */
async function derive(store: ReleaseStore, from: string, version: string, title: string, into: string, rebuilt = false, code?: string): Promise<void> {
  const release = await store.readRelease(REMOTE, from);
  assert.ok(release, `release ${from}`);
  const read = async (file: string) => {
    const stored = await store.blobs.get(`${REMOTE}/${from}/${file}`);
    assert.ok(stored, file);
    return stored;
  };
  const entry = (await read('remoteEntry.js')).toString('utf8');
  const screen = /"\.\/Rights":\(\)=>.*?\.then\(\(\)=>\(\)=>__webpack_require__\((\d+)\)\)/.exec(entry);
  assert.ok(!rebuilt || screen, 'remoteEntry.js requires the Rights screen by its module id');
  const oldId = screen?.[1] ?? '';
  const newId = `9${oldId}`;
  for (const file of release.files) {
    // Compressed twins (.br, .gz) would still hold the original: the derived files are served plain.
    if (/\.(br|gz)$/.test(file)) continue;
    const stored = await read(file);
    let body: Buffer | string = stored;
    if (file === 'routes.json') body = JSON.stringify({ ...(JSON.parse(stored.toString('utf8')) as object), version });
    else if (file.includes('expose_Rights') && file.endsWith('.js')) {
      // `code`: an expression in place of the title (one that throws makes a screen that loads, then fails to render).
      body = stored.toString('utf8').replaceAll(`"${TITLE}"`, code ?? JSON.stringify(title));
      if (rebuilt) body = body.replace(new RegExp(`([{,])${oldId}\\(`), `$1${newId}(`);
    } else if (rebuilt && file === 'remoteEntry.js' && screen) body = entry.replace(screen[0], screen[0].replace(`(${oldId})`, `(${newId})`));
    await fs.mkdir(path.dirname(path.join(into, file)), { recursive: true });
    await fs.writeFile(path.join(into, file), body);
  }
}

/** Opens /rights where the canary fails: stable's screen in place, no error panel, and both versions tried. */
async function fallsBackInPlace(page: Page, canaryTitle: string, timeout?: number): Promise<string[]> {
  const versions = await openRights(page, TITLE, timeout);
  assert.equal(await page.getByText(canaryTitle, { exact: true }).count(), 0, "none of the canary's screen shows");
  assert.equal(await page.getByText('页面加载失败').count(), 0, 'no error panel');
  return versions;
}

/** The release webhook the product posts to (E2E_WEBHOOK_PORT, set by tests/run.ts): the alerts it received. */
async function listenForAlerts(): Promise<{ alerts: Record<string, unknown>[]; close: () => Promise<void> }> {
  const alerts: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      alerts.push(JSON.parse(text) as Record<string, unknown>);
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_WEBHOOK_PORT), '127.0.0.1', resolve));
  return { alerts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('staged rollout of mf-tools', { timeout: 720_000 }, () => {
  const harness = useBrowser();
  const store = new ReleaseStore(new FolderBlobStore(releasesDir));
  const stamp = Date.now();
  const v2 = `9.0.0-e2e.${stamp}`;
  const v3 = `9.1.0-e2e.${stamp}`;
  let stable = '';
  let work = '';
  const viewers: Viewer[] = [];
  let pair: { inside: Viewer; outside: Viewer; percent: number } | null = null;
  const inside = () => pair?.inside as Viewer;
  const outside = () => pair?.outside as Viewer;

  before(async () => {
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'rollout-e2e-'));
  });
  after(async () => {
    // Whatever happened above: no canary left, the original version stable again.
    if ((await store.readManifest('production')).remotes[REMOTE]?.canary) await deploy('rollback', REMOTE, '--reason', 'e2e clean-up');
    if (stable && (await store.readManifest('production')).remotes[REMOTE]?.stable?.version !== stable)
      await deploy('rollback', REMOTE, '--reason', 'e2e clean-up');
    await fs.rm(work, { recursive: true, force: true });
  });

  it('publishes a marked second version with the CLI and starts a canary (50 % when the buckets allow)', async () => {
    const manifest = await store.readManifest('production');
    stable = manifest.remotes[REMOTE]?.stable?.version ?? '';
    assert.ok(stable, 'start-up made a stable mf-tools');
    // Demo users until one falls inside 50 % and one outside (buckets computed as the host does).
    for (const phone of [ACCOUNTS.verified, ACCOUNTS.unverified, ACCOUNTS.enterprise, ACCOUNTS.manyNotices, ACCOUNTS.banContent, ACCOUNTS.banPost]) {
      // Kept for the file's later tests (the browser closes it).
      const { page } = await loggedIn(harness.browser, baseUrl, phone);
      const token = await tokenOf(page);
      const view = (await (await fetch(`${baseUrl}/api/runtime/rollout?token=${encodeURIComponent(token)}`)).json()) as ApiEnvelope<RolloutView>;
      assert.ok(view.data.userId, `${phone} has a session the server recognises`);
      viewers.push({ phone, bucket: bucketOf(view.data.userId, REMOTE, manifest.salt), page });
      if (split(viewers)?.percent === 50) break;
    }
    pair = split(viewers);
    assert.ok(pair, `two users in different buckets (${viewers.map((v) => v.bucket).join(', ')})`);

    await derive(store, stable, v2, `${TITLE} v2`, path.join(work, 'v2'));
    assert.match(await deploy('publish', REMOTE, '--version', v2, '--dist', path.join(work, 'v2')), /published mf-tools/);
    await deploy('canary', REMOTE, v2, '--percent', String(pair.percent));
  });

  it('gives each user the version of their bucket, the same across reloads and right after logging in', async () => {
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(await openRights(inside().page, `${TITLE} v2`), [v2], `${inside().phone} (bucket ${inside().bucket}) on the canary`);
      assert.deepEqual(await openRights(outside().page, TITLE), [stable], `${outside().phone} (bucket ${outside().bucket}) on stable`);
    }
    // Logged out, sent to login, back to /rights in the same page: the host re-plans for the user.
    const page = await (await harness.newContext()).newPage();
    await page.goto(`${baseUrl}/rights`);
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByPlaceholder('手机号').fill(inside().phone);
    await page.getByPlaceholder('密码').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.locator('main').getByText(`${TITLE} v2`, { exact: true }).first().waitFor({ timeout: 15_000 });
  });

  it('promote: both users on the new version; rollback: both back', async () => {
    await deploy('promote', REMOTE);
    for (const viewer of [inside(), outside()]) assert.deepEqual(await openRights(viewer.page, `${TITLE} v2`), [v2]);
    await deploy('rollback', REMOTE, '--reason', 'e2e');
    for (const viewer of [inside(), outside()]) assert.deepEqual(await openRights(viewer.page, TITLE), [stable]);
    assert.equal((await store.readManifest('production')).remotes[REMOTE]?.stable?.version, stable);
  });

  const failuresOf = async (version: string) => (await store.readStats('production'))[REMOTE]?.[version]?.failures ?? 0;
  const loadsOf = async (version: string) => (await store.readStats('production'))[REMOTE]?.[version]?.loads ?? 0;
  /** Reports are fire and forget: wait a little for `version`'s count to reach `count`. */
  const waitForFailures = async (version: string, count: number) => {
    for (let i = 0; i < 50 && (await failuresOf(version)) < count; i++) await new Promise((r) => setTimeout(r, 100));
    return failuresOf(version);
  };

  it("a rebuilt canary whose remoteEntry.js 404s: stable's screen in place, the failure booked to the canary", async () => {
    const v4 = `9.2.0-e2e.${stamp}`;
    await derive(store, stable, v4, `${TITLE} v4`, path.join(work, 'v4'), true);
    await deploy('publish', REMOTE, '--version', v4, '--dist', path.join(work, 'v4'));
    await fs.rm(path.join(releasesDir, REMOTE, v4, 'remoteEntry.js'));
    await deploy('canary', REMOTE, v4, '--percent', String(pair?.percent ?? 50));
    const stableFailures = await failuresOf(stable);

    assert.deepEqual(await fallsBackInPlace(inside().page, `${TITLE} v4`), [stable, v4].sort(), 'the canary was tried, then stable shown');
    assert.equal(await waitForFailures(v4, 1), 1, "the failure is the canary's");
    assert.equal(await failuresOf(stable), stableFailures, 'nothing booked to stable');
    await deploy('rollback', REMOTE, '--reason', 'e2e: entry 404');
  });

  it('a rebuilt canary failing its integrity check: stable in place, counted for the canary, its failures roll it back', async () => {
    await derive(store, stable, v3, `${TITLE} v3`, path.join(work, 'v3'), true);
    await deploy('publish', REMOTE, '--version', v3, '--dist', path.join(work, 'v3'));
    // Changed after publishing (a CDN serving a bad copy): valid JavaScript, wrong integrity.
    await fs.appendFile(path.join(releasesDir, REMOTE, v3, 'remoteEntry.js'), '\n// tampered\n');
    await deploy('canary', REMOTE, v3, '--percent', String(pair?.percent ?? 50));
    const stableFailures = await failuresOf(stable);

    assert.deepEqual(await fallsBackInPlace(inside().page, `${TITLE} v3`), [stable, v3].sort(), 'the canary was tried, then stable shown');
    assert.equal(await waitForFailures(v3, 1), 1, 'the browser reported the failed canary');
    assert.equal(await failuresOf(stable), stableFailures, 'nothing booked to stable');

    // More page loads of the same user, as the browser makes them, until the canary is judged (20 loads).
    const pages = await Promise.all([1, 2].map(async () => inside().page.context().newPage()));
    for (let round = 0; round < 15 && (await store.readManifest('production')).remotes[REMOTE]?.canary; round++) {
      await Promise.all(pages.map(async (page) => fallsBackInPlace(page, `${TITLE} v3`, 30_000)));
    }
    await Promise.all(pages.map(async (page) => page.close()));
    assert.equal((await store.readManifest('production')).remotes[REMOTE]?.canary, undefined, 'rolled back');
    assert.ok((await loadsOf(v3)) >= 20 && (await loadsOf(v3)) <= 40, 'one report per page load');
    assert.match(await deploy('history', REMOTE), /auto-rollback/);
    assert.deepEqual(await openRights(inside().page, TITLE), [stable], 'back on stable without trying the canary');
  });
  /**
   * A page load of a throwing canary's user: the remote loads (a success for the load count), its
   * screen throws, the error panel shows, and the error report leaves (two seconds later).
   */
  const failOnce = async (page: Page) => {
    const reported = page.waitForResponse((r) => r.url().includes('/api/runtime/error-report'), { timeout: 30_000 });
    await page.goto(`${baseUrl}/rights`);
    await page.getByText('页面加载失败').first().waitFor({ timeout: 30_000 });
    await reported;
  };

  it("a canary that loads but throws on render: its users' error reports roll it back, the webhook hears it, stable users never see it", async () => {
    const hook = await listenForAlerts();
    try {
      const v5 = `9.3.0-e2e.${stamp}`;
      await derive(store, stable, v5, '', path.join(work, 'v5'), false, '(()=>{throw new Error("e2e canary render failure")})()');
      await deploy('publish', REMOTE, '--version', v5, '--dist', path.join(work, 'v5'));
      await deploy('canary', REMOTE, v5, '--percent', String(pair?.percent ?? 50));

      const pages = await Promise.all([1, 2].map(async () => inside().page.context().newPage()));
      for (let round = 0; round < 16 && (await store.readManifest('production')).remotes[REMOTE]?.canary; round++) {
        await Promise.all(pages.map(failOnce));
        // Stable users are never handed the canary.
        if (round % 4 === 0) assert.deepEqual(await openRights(outside().page, TITLE), [stable], 'stable users see stable');
      }
      await Promise.all(pages.map(async (page) => page.close()));

      const rollout = (await store.readManifest('production')).remotes[REMOTE];
      assert.equal(rollout?.canary, undefined, 'rolled back by the analysis');
      assert.equal(rollout?.history.at(-1)?.action, 'auto-rollback');
      // Judged on the error sessions (every load succeeded); the rate is under 100 % when the check ran
      // between a page's load report and its error report.
      assert.match(
        rollout?.history.at(-1)?.reason ?? '',
        /^canary error-session rate \d+\.\d % over \d+ loads vs stable 0\.0 % over \d+ \(margin 5 points, p = /,
      );
      for (let i = 0; i < 50 && hook.alerts.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(
        hook.alerts.map((a) => [a.event, a.remote, a.version, a.stable]),
        [['auto-rollback', REMOTE, v5, stable]],
        'the release webhook heard the rollback',
      );
      assert.deepEqual(await openRights(inside().page, TITLE), [stable], "the canary's user is back on stable");
    } finally {
      await hook.close();
    }
  });

  it("a reported error's stack names the source file and line", async () => {
    // The line of the screen's title in the remote's own source: the throw below takes its place.
    const sourceFile = 'src/pages/rights-page.tsx';
    const sourceLines = (await fs.readFile(path.join(ROOT, REMOTE, sourceFile), 'utf8')).split('\n');
    const titleAt = sourceLines.findIndex((line) => line.includes(`title="${TITLE}"`));
    assert.ok(titleAt >= 0, `${sourceFile} sets the title`);
    const expected = `${sourceFile}:${titleAt + 1}:${sourceLines[titleAt]!.indexOf(`"${TITLE}"`) + 1}`;

    const v7 = `9.4.0-e2e.${stamp}`;
    const message = 'e2e canary error with a mapped stack';
    // The error is made where the title was (its stack's top frame is there), then thrown.
    await derive(store, stable, v7, '', path.join(work, 'v7'), false, `[new Error(${JSON.stringify(message)})].map((e)=>{throw e})[0]`);
    await deploy('publish', REMOTE, '--version', v7, '--dist', path.join(work, 'v7'));
    await deploy('canary', REMOTE, v7, '--percent', String(pair?.percent ?? 50));
    try {
      await failOnce(inside().page);
      // As the console's 发布 screen reads it: the release health of mf-tools, v7's top errors.
      const token = await operatorToken(baseUrl, dataDir());
      let reported: TopError | undefined;
      for (let i = 0; i < 100 && !reported; i++) {
        const res = await fetch(`${baseUrl}/api/operator/releases/health?remote=${REMOTE}`, { headers: { authorization: `Bearer ${token}` } });
        const health = (await res.json()) as ApiEnvelope<{ versions: { version: string; top_errors: TopError[] }[] }>;
        assert.equal(health.code, 0, health.msg);
        reported = health.data.versions.find((v) => v.version === v7)?.top_errors.find((e) => e.message.includes(message));
        if (!reported) await new Promise((r) => setTimeout(r, 200));
      }
      assert.ok(reported, "the canary's error is among its top errors");
      assert.equal(reported.source, expected, `the fault's place in the source (stack:\n${reported.stack})`);
      assert.match(
        reported.stack.split('\n').find((line) => line.startsWith('at ')) ?? '',
        new RegExp(`\\(${expected.replaceAll('.', '\\.')}\\)$`),
        'the top frame, mapped',
      );
    } finally {
      await deploy('rollback', REMOTE, '--reason', 'e2e: mapped stack read');
    }
    assert.equal((await store.readManifest('production')).remotes[REMOTE]?.stable?.version, stable);
  });

  it('a healthy canary walks its steps to 100 %', async () => {
    const v8 = `9.5.0-e2e.${stamp}`;
    await derive(store, stable, v8, `${TITLE} v8`, path.join(work, 'v8'));
    await deploy('publish', REMOTE, '--version', v8, '--dist', path.join(work, 'v8'));
    // The inside user is on the canary from its first step, every user at 100 %. Two steps: each
    // needs its 20 canary loads, and a busy machine makes a few page loads a second at best.
    const first = pair?.percent ?? 50;
    const steps = [first, 100];
    const started = await deploy('canary', REMOTE, v8, '--steps', steps.join(','), '--pause-minutes', '0', '--watch-minutes', '0', '--reason', 'e2e step plan');
    assert.match(started, /step plan/);

    // Real page loads until the server's checks have walked the plan (20 canary loads a step).
    // The canary's user in three tabs; the stable user's loads are what the canary is judged against.
    const extra = await Promise.all([1, 2].map(async () => inside().page.context().newPage()));
    const pages = [inside().page, ...extra, outside().page];
    const deadline = Date.now() + 240_000;
    for (;;) {
      const rollout = (await store.readManifest('production')).remotes[REMOTE];
      if (!rollout?.canary && !rollout?.watch) break;
      assert.ok(Date.now() < deadline, `the plan is done within 4 minutes (now ${JSON.stringify(rollout?.canary ?? rollout?.watch)})`);
      await Promise.all(pages.map(async (page) => page.goto(`${baseUrl}/rights`).then(async () => shownInMain(page, new RegExp(`^${TITLE}( v8)?$`), 30_000))));
    }
    await Promise.all(extra.map(async (page) => page.close()));

    const rollout = (await store.readManifest('production')).remotes[REMOTE];
    assert.equal(rollout?.stable?.version, v8, 'promoted to stable');
    assert.equal(rollout?.canary, undefined);
    // Since the canary started: each advance, then the promote, by the server's step plan.
    const since = (rollout?.history ?? []).findLastIndex((h) => h.action === 'canary' && h.to === `${v8}@${first}%`);
    assert.ok(since >= 0, 'the start is in the history');
    const walked = (rollout?.history ?? []).slice(since + 1).map((h) => [h.who, h.action, h.from, h.to]);
    assert.deepEqual(
      walked,
      [...steps.slice(1).map((to, i) => [STEP_PLAN_ACTOR, 'canary', `${v8}@${steps[i]}%`, `${v8}@${to}%`]), [STEP_PLAN_ACTOR, 'promote', stable, v8]],
      'the plan advanced through its steps, then promoted',
    );
    assert.ok(
      (rollout?.history ?? []).slice(since + 1).every((h) => /^step plan /.test(h.reason ?? '')),
      'each step says why (the figures)',
    );
    // A user on the new version, whatever their bucket.
    assert.deepEqual(await openRights(outside().page, `${TITLE} v8`), [v8], `${outside().phone} on the promoted version`);
    await deploy('rollback', REMOTE, '--reason', 'e2e: back to the original stable');
    assert.equal((await store.readManifest('production')).remotes[REMOTE]?.stable?.version, stable);
  });
});
