// The writing screens beyond the article (video, collection, episode), scheduling, the version
// history, writing from a material, and the ban and real-name refusals in the page and on the server.
// Editing a draft from /draft, offline typing, crash restore and two-tab conflicts are in editor.e2e.ts.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Locator, Page, Request, Response } from 'playwright-core';
import type {
  ArticleAddAnswer,
  DraftDetail,
  DraftSearchAnswer,
  DraftVersionAnswer,
  DraftVersionListAnswer,
  DramaListAnswer,
  DramaSeries,
  LoginAnswer,
  ManuscriptDetail,
  MaterialListAnswer,
} from 'shared-sdk/contract';
import { type Answer, signed, signedCall } from '../support/api';
import { ACCOUNTS, DEMO_PASSWORD, openWriter, useBrowser } from '../support/browser';
import { baseUrl, dataDir } from '../support/env';
import { freePort, ROOT, runAdmin } from '../support/server';

/** The operator's step, as an operator runs it: the CLI reaches the running server through DATA_DIR. */
const admin = (...args: string[]) => runAdmin(dataDir(), ...args);

/**
 * A bare API server of its own on `dir` (no front end), optionally with its process clock moved
 * ahead by support/fake-clock.mjs, the way libfaketime would: the product's code runs unchanged.
 */
interface ApiServer {
  url: string;
  stop: () => Promise<void>;
}

async function startApiServer(dir: string, clockOffset: number): Promise<ApiServer> {
  const port = await freePort();
  const clock = path.join(ROOT, 'e2e', 'support', 'fake-clock.mjs');
  const child = spawn(process.execPath, ['--import', clock, '--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(ROOT, 'api-server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      FAKE_CLOCK_OFFSET_MS: String(clockOffset),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr.on('data', (c: Buffer) => (log += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
    const up = await fetch(`${url}/api/runtime/config`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** China time (UTC+8), the product's format for every time it exchanges. */
function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Clicks a button that sends /api/article/add with this save_type (2 publish, 3 schedule) and answers
 * what the server said; an autosave (save_type 1) answering meanwhile is not the click's answer.
 */
async function saveThrough(page: Page, saveType: 2 | 3, click: () => Promise<void>): Promise<Answer<ArticleAddAnswer>> {
  const sent = (r: Response) =>
    r.url().includes('/api/article/add') &&
    r.request().method() === 'POST' &&
    new URLSearchParams(r.request().postData() ?? '').get('save_type') === String(saveType);
  const saves: string[] = [];
  const started = Date.now();
  const record = (r: Response) => {
    if (!r.url().includes('/api/article/add')) return;
    const fields = new URLSearchParams(r.request().postData() ?? '');
    saves.push(`+${Date.now() - started} ms save_type ${fields.get('save_type')} base ${fields.get('base_version')} → ${r.status()}`);
  };
  const failed = (request: Request) => {
    if (request.url().includes('/api/article/add'))
      saves.push(
        `+${Date.now() - started} ms save_type ${new URLSearchParams(request.postData() ?? '').get('save_type')} failed: ${request.failure()?.errorText ?? '?'}`,
      );
  };
  page.on('response', record);
  page.on('requestfailed', failed);
  try {
    const [response] = await Promise.all([page.waitForResponse(sent), click()]);
    return (await response.json()) as Answer<ArticleAddAnswer>;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await whatThePageShows(page)}\nsaves seen: ${saves.join('; ') || 'none'}`, { cause: error });
  } finally {
    page.off('response', record);
    page.off('requestfailed', failed);
  }
}

/** What a creator would see when an expected save never comes: dialogs, messages and the save status. */
async function whatThePageShows(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const texts = (selector: string) =>
        [...document.querySelectorAll<HTMLElement>(selector)].map((element) => element.innerText.trim().replace(/\s+/g, ' ')).filter(Boolean);
      return [
        `dialogs: ${texts('.ant-modal-wrap:not([style*="display: none"]) .ant-modal, [role=dialog]').join(' | ') || 'none'}`,
        `messages: ${texts('.ant-message-notice').join(' | ') || 'none'}`,
        `form errors: ${texts('.ant-form-item-explain-error').join(' | ') || 'none'}`,
        `save status: ${texts('[data-testid=save-status]').join(' | ') || 'none'}`,
        `loading buttons: ${texts('.ant-btn-loading').join(' | ') || 'none'}`,
        `url: ${location.href}`,
      ].join('\n');
    })
    .catch((error: Error) => `the page could not be read: ${error.message}`);
}

async function publish(page: Page): Promise<ArticleAddAnswer> {
  const answer = await saveThrough(page, 2, () => page.getByRole('button', { name: /^发\s*布$/ }).click());
  assert.equal(answer.code, 0, answer.msg);
  await page
    .getByText('发布成功，等待审核')
    .waitFor()
    .catch(async (error: Error) => {
      throw new Error(`${error.message}\n${await whatThePageShows(page)}`, { cause: error });
    });
  return answer.data;
}

/** My manuscript in /personalScript under its type's tab, with the status it shows. */
async function libraryItem(page: Page, tab: string, title: string) {
  await page.goto(`${baseUrl}/personalScript`);
  await page.getByRole('tab', { name: tab }).click();
  const item = page.getByTestId('manuscript-item').filter({ hasText: title });
  await item.first().waitFor({ timeout: 30_000 });
  return item.first();
}

/**
 * Waits until an antd dialog has finished opening. It zooms in from where it was asked for: while
 * antd's motion classes (`ant-zoom-appear…`, `ant-zoom-enter…`) are on it, or an animation runs, or
 * its transform is not yet the identity, its contents are not where they end up, and a click aimed
 * at a box can land beside it.
 */
async function dialogOpened(dialog: Locator): Promise<void> {
  const element = await dialog.elementHandle();
  assert.ok(element, 'the dialog is there');
  await dialog.page().waitForFunction((node) => {
    const inMotion = [...node.classList].some((name) => /-(appear|enter)(-(prepare|start|active))?$/.test(name));
    const transform = getComputedStyle(node).transform;
    return !inMotion && node.getAnimations().length === 0 && (transform === 'none' || transform === 'matrix(1, 0, 0, 1, 0, 0)');
  }, element);
  await element.dispose();
}

/** Picks one material by its title in the open material picker. */
async function pickMaterial(page: Page, title: string): Promise<void> {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(title) })
    .first()
    .click();
}

async function myMaterialId(page: Page, cmType: number, title: string): Promise<{ id: number; url: string }> {
  const answer = await signed<MaterialListAnswer>(page, 'POST', '/api/material/list', { all: 0, cm_type: cmType, cm_check: 0, page: 1, per_page: 24 });
  const found = answer.data.data.data.find((material) => material.cm_title === title);
  assert.ok(found, `material ${title} is seeded`);
  return { id: found.cm_id, url: found.cm_url };
}

/** Replaces the whole body of the rich-text editor. */
async function replaceBody(page: Page, text: string): Promise<void> {
  await page.locator('.ql-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}

const saveStatus = (page: Page) => page.getByTestId('save-status');

/** The draft's body on the server, once it matches (a save may still be on its way). */
async function draftBodyMatching(page: Page, id: number, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const body = (await signed<DraftDetail>(page, 'GET', '/api/draft/show', { id })).data.nd_content;
    if (pattern.test(body) || Date.now() > deadline) return body;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('editor: every kind, schedule, history, materials and refusals', () => {
  const harness = useBrowser();
  const session = (phone: string = ACCOUNTS.verified) => harness.loggedIn(phone, { width: 1400, height: 900 });
  const suffix = String(Date.now() % 100_000);
  const scheduleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creator-e2e-schedule-'));
  let scheduleServer: Promise<ApiServer>;
  before(() => {
    scheduleServer = startApiServer(scheduleDir, 0);
    scheduleServer.catch(() => undefined);
  });
  after(async () => {
    await scheduleServer.then(
      (server) => server.stop(),
      () => undefined,
    );
    fs.rmSync(scheduleDir, { recursive: true, force: true });
  });

  it('publishes a video chosen from the material library; once an operator approves it, it plays in the library', async () => {
    const { page } = await session();
    const title = `黄河日出视频${suffix}（端到端）`;
    await openWriter(page, '/videoWrite');
    await page.getByRole('button', { name: '从素材库选择视频' }).click();
    await pickMaterial(page, '黄河日出（视频）');
    await page.getByTestId('video-field').and(page.locator('[data-state=chosen]')).waitFor();
    await page.getByLabel('标题').fill(title);
    await page.getByLabel('简介').fill('清晨的黄河，太阳从河面升起。');
    await page.getByRole('button', { name: /^预\s*览$/ }).click();
    const preview = page.locator('.ant-drawer').filter({ hasText: '清晨的黄河，太阳从河面升起。' });
    await preview.locator('video').waitFor();
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    const published = await publish(page);

    const item = await libraryItem(page, '视频', title);
    await item.getByText('审核中').waitFor();

    assert.match(await admin('manuscript-review', '--id', String(published.manuscript_id), '--decision', 'approve'), /已发布/);
    const approved = await libraryItem(page, '视频', title);
    await approved.getByText('已发布').waitFor();
    await approved.getByText(title).click();
    const video = page.getByTestId('manuscript-video');
    await video.waitFor();
    await page.waitForFunction(() => {
      const element = document.querySelector<HTMLVideoElement>('[data-testid=manuscript-video]');
      return element !== null && element.readyState > 0 && element.duration > 0;
    });
  });

  it('publishes a collection of two of my published works in the order they were dragged into', async () => {
    const { page } = await session();
    const title = `黄河故事合集${suffix}（端到端）`;
    await openWriter(page, '/videoWrite?isPack=1');
    await page.getByLabel('标题').fill(title);
    await page.getByRole('button', { name: '选择封面1' }).click();
    await pickMaterial(page, '春日田野');
    await page.getByRole('img', { name: '封面1' }).waitFor();
    await page.getByLabel('简介').fill('几篇关于黄河的作品。');

    await page.getByRole('button', { name: /添加作品/ }).click();
    const picker = page.getByRole('dialog', { name: '添加我发布的作品' });
    const boxes = picker.getByRole('checkbox');
    await boxes.nth(1).waitFor();
    await dialogOpened(picker);
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await picker.getByRole('button', { name: /^添\s*加$/ }).click();
    // The dialog's mask fades out over the list; a press during the fade lands on the mask, so the
    // drag starts once nothing covers the handle.
    await picker.waitFor({ state: 'hidden' });
    await page.waitForFunction((label) => {
      const handle = document.querySelector(`[aria-label="${label}"]`);
      const box = handle?.getBoundingClientRect();
      const hit = box ? document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) : null;
      return Boolean(handle && hit && handle.contains(hit));
    }, '拖动排序 第1项');

    const rows = page.getByRole('list', { name: '合集作品' }).getByTestId('sortable-item');
    await rows.nth(1).waitFor();
    const before = [await rows.nth(0).innerText(), await rows.nth(1).innerText()].map((text) => text.replace(/^\s*\d+\s*/, '').trim());
    const from = await page.getByRole('button', { name: '拖动排序 第1项' }).boundingBox();
    const to = await page.getByRole('button', { name: '拖动排序 第2项' }).boundingBox();
    assert.ok(from && to);
    // A drag at a person's pace: dnd-kit starts the drag after a 4 px move and measures the rows on
    // the next frames.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
    await page.waitForTimeout(150);
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 12, { steps: 10 });
    await page.waitForTimeout(250);
    await page.mouse.up();
    await rows
      .nth(0)
      .filter({ hasText: before[1] ?? '' })
      .waitFor();
    await rows
      .nth(1)
      .filter({ hasText: before[0] ?? '' })
      .waitFor();
    // dnd-kit swallows every click for 50 ms after a drop (a timer removes its capturing listener),
    // so the drop does not also click what lies under the pointer. A person's next click comes later;
    // a test's can come sooner, most of all on a busy machine where the renderer handles input ahead
    // of timers: 发布 was then clicked and nothing was sent. A later timer of the page's own runs
    // after dnd-kit's, so the guard is gone once it has.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));

    await publish(page);
    const item = await libraryItem(page, '合集', title);
    await item.getByText('审核中').waitFor();
    await item.getByText(title).click();
    // The manuscript keeps the dragged order.
    const works = page.locator('.ant-drawer .ant-list').filter({ hasText: '合集作品（2）' }).locator('.ant-list-item');
    await works
      .nth(0)
      .filter({ hasText: shortTitle(before[1]) })
      .waitFor();
    await works
      .nth(1)
      .filter({ hasText: shortTitle(before[0]) })
      .waitFor();
  });

  it('publishes an episode of my short drama with the seeded video and shows it in the drama', async () => {
    const { page } = await session();
    let series = (await signed<DramaListAnswer>(page, 'POST', '/api/microDrama/list', { page: 1, size: 50 })).data.list;
    if (series.length === 0) {
      const made = await signed<DramaSeries>(page, 'POST', '/api/microDrama/save', {
        title: '黄河人家（端到端短剧）',
        cover_url: '',
        intro: '端到端测试创建的短剧。',
        status: 1,
      });
      assert.equal(made.code, 0, made.msg);
      series = (await signed<DramaListAnswer>(page, 'POST', '/api/microDrama/list', { page: 1, size: 50 })).data.list;
    }
    const drama = series[0];
    assert.ok(drama);
    const episodeTitle = `第一次看黄河${suffix}`;
    await openWriter(page, '/episode');
    await page.getByLabel('所属短剧').click();
    await page.locator('.ant-select-item-option').filter({ hasText: drama.title }).first().click();
    await page.getByLabel('集数').fill(String(drama.episode_count + 1));
    await page.getByLabel('标题').fill(episodeTitle);
    await page.getByRole('button', { name: '从素材库选择视频' }).click();
    await pickMaterial(page, '黄河日出（视频）');
    await page.getByTestId('video-field').and(page.locator('[data-state=chosen]')).waitFor();
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await page.waitForURL(/\/shortPlay\/detail\?id=\d+/);
    await page.getByText(episodeTitle).waitFor({ timeout: 30_000 });
  });

  it('schedules an article an hour ahead; the library lists it under 定时发布 with the stored time', async () => {
    const { page } = await session();
    const title = `定时发布的文章${suffix}（端到端）`;
    await openWriter(page, '/scriptWrite');
    await page.getByLabel('标题').fill(title);
    await page.locator('.ql-editor').click();
    await page.keyboard.type('这篇文章将在一小时后发布。');
    await page.getByText('无封面').click();
    await page.getByRole('button', { name: '定时发布' }).click();
    const dialog = page.getByRole('dialog', { name: '定时发布' });
    // An hour from the browser's own clock, in its own zone, as a person would pick it.
    // (A string, so the test runner's compiler adds no helpers the page lacks.)
    const local = await page.evaluate<string>(`(() => {
      const at = new Date(Date.now() + 3600000);
      const pad = (n) => String(n).padStart(2, '0');
      return at.getFullYear() + '-' + pad(at.getMonth() + 1) + '-' + pad(at.getDate()) + ' ' + pad(at.getHours()) + ':' + pad(at.getMinutes());
    })()`);
    const input = dialog.getByPlaceholder('选择发布时间');
    await input.click();
    await input.fill(local);
    await input.press('Enter');
    const answer = await saveThrough(page, 3, () =>
      dialog
        .getByRole('button', { name: /^确\s*定$/ })
        .last()
        .click(),
    );
    assert.equal(answer.code, 0, answer.msg);
    assert.equal(answer.data.status, 12);
    await page.getByText('定时发布设置成功').waitFor();
    const stored = answer.data.publish_time ?? '';
    assert.match(stored, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/);
    await page.getByText(`将于 ${stored} 发布`).waitFor();

    await page.goto(`${baseUrl}/personalScript`);
    await page.getByRole('tab', { name: '文章' }).click();
    await page.locator('label.ant-radio-button-wrapper').filter({ hasText: '定时发布' }).click();
    const item = page.getByTestId('manuscript-item').filter({ hasText: title });
    await item.waitFor({ timeout: 30_000 });
    await item.getByText(`定时发布：${stored.slice(0, 16)}`).waitFor();
  });

  it('saves a draft three times, then restores the first version from 历史版本', async () => {
    const { page } = await session();
    const texts = ['第一版：黄河从青藏高原出发。', '第二版：黄河流经九个省区。', '第三版：黄河在山东入海。'];
    await openWriter(page, '/scriptWrite');
    await page.getByLabel('标题').fill(`历史版本测试${suffix}`);
    for (const text of texts) {
      await replaceBody(page, text);
      await page.getByRole('button', { name: /^保存草稿$/ }).click();
      await saveStatus(page)
        .filter({ hasText: /已保存/ })
        .waitFor({ timeout: 20_000 });
      await page.waitForURL(/draftId=\d+/);
      const id = Number(new URL(page.url()).searchParams.get('draftId'));
      assert.match(await draftBodyMatching(page, id, new RegExp(text)), new RegExp(text), 'each text reached the server before the next');
    }
    const id = Number(new URL(page.url()).searchParams.get('draftId'));

    // The version that holds the first text (autosave may have kept an earlier one too).
    const versions = (await signed<DraftVersionListAnswer>(page, 'GET', '/api/draft/versions', { id })).data.list;
    let first = 0;
    for (const { version } of versions) {
      const shown = await signed<DraftVersionAnswer>(page, 'GET', '/api/draft/version', { id, version });
      if (shown.data.document.content.includes('第一版')) first = version;
    }
    assert.ok(first > 0, 'the first text was kept as a version');

    await page.getByRole('button', { name: '历史版本' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '历史版本' });
    const row = drawer.locator('.ant-list-item').filter({ hasText: `版本 ${first}` });
    await row.waitFor();
    await row.getByRole('button', { name: '恢复此版本' }).click();
    await page.getByText('已恢复该版本').waitFor();
    await page.locator('.ql-editor', { hasText: texts[0] }).waitFor();
    assert.doesNotMatch(await page.locator('.ql-editor').innerText(), /第三版/);
    const saved = await draftBodyMatching(page, id, /第一版/);
    assert.match(saved, /第一版：黄河从青藏高原出发。/);
    assert.doesNotMatch(saved, /第三版/);

    // Writing on after the restore saves on top of it, with no conflict.
    await page.locator('.ql-editor').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('恢复后接着写。');
    await page.getByRole('button', { name: /^保存草稿$/ }).click();
    await saveStatus(page)
      .filter({ hasText: /已保存/ })
      .waitFor({ timeout: 20_000 });
    assert.match(await draftBodyMatching(page, id, /恢复后接着写/), /第一版：黄河从青藏高原出发。恢复后接着写。/);
    assert.equal(await page.getByText('草稿已在其他页面更新，请选择保留哪个版本').count(), 0);
  });

  it('?materialId= starts an article from an image material, and the material records the 使用', async () => {
    const { page } = await session();
    const material = await myMaterialId(page, 2, '春日田野');
    await openWriter(page, `/scriptWrite?materialId=${material.id}`);
    await page.locator('.ql-editor img').first().waitFor();
    assert.equal(await page.locator('.ql-editor img').first().getAttribute('src'), material.url);
    await page.getByRole('img', { name: '封面1' }).waitFor();
    // A video material opens the video screen with that video chosen.
    const video = await myMaterialId(page, 3, '黄河日出（视频）');
    await openWriter(page, `/videoWrite?materialId=${video.id}`);
    await page.getByTestId('video-field').and(page.locator('[data-state=chosen]')).waitFor();
    assert.equal(await page.getByTestId('video-field').locator('video').getAttribute('src'), video.url);

    await page.goto(`${baseUrl}/material/detail?materialId=${material.id}`);
    await page.getByRole('tab', { name: '操作记录' }).click();
    const logs = page.getByRole('tabpanel', { name: '操作记录' });
    await logs
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: '使用', exact: true }) })
      .first()
      .waitFor({ timeout: 30_000 });
  });

  it('a content ban (range 1) is refused on every content screen and by the server', async () => {
    const { context, page } = await session(ACCOUNTS.banContent);
    for (const route of ['/scriptWrite', '/videoWrite', '/graphWrite', '/videoWrite?isPack=1']) {
      await page.goto(`${baseUrl}${route}`);
      const dialog = page.getByRole('dialog', { name: '账号已被封禁' });
      await dialog.waitFor({ timeout: 60_000 });
      await dialog
        .getByTestId('ban-reason')
        .filter({ hasText: /[^—\s]/ })
        .waitFor();
      await dialog.getByRole('button', { name: '提交申诉' }).waitFor();
      assert.equal(await page.getByLabel('标题').count(), 0, `${route} shows no form`);
    }
    for (const type of [1, 2, 3, 4]) {
      const answer = await signed(page, 'POST', '/api/article/add', { save_type: 1, type, title: '封禁账号不能保存', content: '<p>x</p>' });
      assert.equal(answer.code, 1006, `type ${type}: ${answer.msg}`);
    }
    // Editing one of its existing drafts is refused too: in /draft, and on the server.
    await page.goto(`${baseUrl}/draft`);
    const opened: Page[] = [];
    context.on('page', (tab) => opened.push(tab));
    await page
      .getByTestId('draft-item')
      .first()
      .getByRole('button', { name: /^修\s*改/ })
      .click();
    await page.getByRole('dialog', { name: '账号已被封禁' }).waitFor();
    assert.equal(opened.length, 0, 'no writing tab opened');
    const drafts = await signed<DraftSearchAnswer>(page, 'GET', '/api/draft/search', { type: 1, page: 1, size: 10, title: '' });
    const draft = drafts.data.returnData[0];
    assert.ok(draft, 'the account has a draft');
    const edit = await signed(page, 'POST', '/api/article/add', { save_type: 1, type: 1, draft_id: draft.nd_id, title: '封禁后修改草稿', content: '<p>x</p>' });
    assert.equal(edit.code, 1006, edit.msg);
  });

  it('a post ban (range 3) is refused on /post and by the server, but the article screen works', async () => {
    const { page } = await session(ACCOUNTS.banPost);
    await page.goto(`${baseUrl}/post`);
    await page.getByRole('dialog', { name: '账号已被封禁' }).waitFor({ timeout: 60_000 });
    assert.equal(await page.getByLabel('动态内容').count(), 0);
    const refused = await signed(page, 'POST', '/api/article/add', { save_type: 2, type: 5, content: '<p>封禁后发的动态</p>' });
    assert.equal(refused.code, 1006, refused.msg);

    const title = `动态封禁者写的文章${suffix}`;
    await openWriter(page, '/scriptWrite');
    await page.getByLabel('标题').fill(title);
    await page.locator('.ql-editor').click();
    await page.keyboard.type('只禁了动态，文章照常可以写。');
    await page.getByText('无封面').click();
    await publish(page);
    const item = await libraryItem(page, '文章', title);
    await item.getByText('审核中').waitFor();
  });

  it('an unverified creator gets the real-name dialog on the other screens, and the server refuses a post', async () => {
    const { page } = await session(ACCOUNTS.unverified);
    for (const route of ['/post', '/videoWrite', '/graphWrite']) {
      await page.goto(`${baseUrl}${route}`);
      const dialog = page.getByRole('dialog', { name: '请完成实名认证' });
      await dialog.waitFor({ timeout: 60_000 });
      await dialog.getByText('完成认证', { exact: false }).waitFor();
      assert.equal(await page.locator('[aria-label="标题"], [aria-label="动态内容"]').count(), 0, `${route} shows no form`);
    }
    const answer = await signed(page, 'POST', '/api/article/add', { save_type: 2, type: 5, content: '<p>未实名的动态</p>' });
    assert.equal(answer.code, 1005, answer.msg);
  });

  it('the server publishes a scheduled article when its time comes, also after a restart', async () => {
    // A server of its own (started in before(), while the other journeys ran): its clock is moved
    // 12 minutes ahead between two runs on the same data.
    const ahead = 12 * 60_000;
    let server = await scheduleServer;
    const login = await signedCall<LoginAnswer>(server.url, '', 'POST', '/login/admin/login', { phone: ACCOUNTS.verified, password: DEMO_PASSWORD });
    assert.equal(login.code, 0, login.msg);
    const token = login.data.token;
    const due = chinaTime(Date.now() + 11 * 60_000);
    const scheduled = await signedCall<ArticleAddAnswer>(server.url, token, 'POST', '/api/article/add', {
      save_type: 3,
      type: 1,
      title: '到点自动发布的文章',
      content: '<p>十一分钟后发布。</p>',
      cover_mode: 0,
      covers: '[]',
      publish_time: due,
    });
    assert.equal(scheduled.code, 0, scheduled.msg);
    assert.equal(scheduled.data.status, 12);
    const id = scheduled.data.manuscript_id;
    const status = async (offset: number) => (await signedCall<ManuscriptDetail>(server.url, token, 'GET', '/api/manuscript/show', { id }, offset)).data;
    const waiting = await status(0);
    assert.equal(waiting.nm_status, 12);
    assert.equal(waiting.nm_scheduled_time, due);
    await server.stop();

    // Restarted once the time has passed (its clock 12 minutes on): the start-up pass moves it into
    // review (审核中, 5) at once, without waiting for the next poll.
    server = await startApiServer(scheduleDir, ahead);
    scheduleServer = Promise.resolve(server);
    const deadline = Date.now() + 10_000;
    while ((await status(ahead)).nm_status !== 5) {
      assert.ok(Date.now() < deadline, 'the due manuscript went into review on start');
      await new Promise((r) => setTimeout(r, 200));
    }
  });
});

/** A work's title as the collection row shows it, without the kind label in brackets. */
function shortTitle(text: string | undefined): string {
  return (text ?? '').replace(/（[^（）]*）$/, '').trim();
}
