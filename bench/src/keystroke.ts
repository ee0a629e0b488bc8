/**
 * `pnpm --filter bench bench:keystroke`: how fast the article editor answers typing in a long
 * article, against the browser's own editing measured on the same page in the same run, plus the
 * editor remote's own JavaScript cost and a check that Quill stays out of every other screen.
 *
 * Against the built product started as `npm start` does, in headless Chromium, as 13800000001:
 *   1. a 50,000-character article with many formats (bold, italic, colours, highlight, font sizes,
 *      title paragraphs, alignment, first-line indent, links, rules and pictures from our storage;
 *      the editor has no lists) is saved as a draft through `POST /api/article/add`, so the server's
 *      sanitizer shapes it, and opened at `/scriptWrite?draftId=`: the editor loads it the way a
 *      creator reopens a long draft (its normal load path, no shortcut into the DOM);
 *   2. the caret goes to the middle of the article (a click on the middle paragraph, then End);
 *   3. KEYS (300) real key presses (Chromium input events through the DevTools protocol, trusted,
 *      one every GAP_MS, 50 ms, about 20 characters a second: faster than people type, so work
 *      a key leaves behind still shows in the next one) are typed into three targets in turns
 *      (ROUNDS, 3, of KEYS / ROUNDS each, so a busy moment of a shared machine hits all three):
 *      a plain <textarea> holding the article's text, a plain contenteditable holding a copy of the
 *      editor's own HTML (both baselines are the browser alone, on the same page), and the editor.
 *
 * Keystroke-to-paint, per key: from the keydown event's timeStamp (when the browser received the key,
 * so time the key waited behind earlier work counts) to the frame that shows the character: the
 * `input` event (the DOM has changed) asks for the next animation frame, and inside that frame's
 * requestAnimationFrame callback a MessageChannel message is posted; the message runs as the first
 * task after that frame's style, layout and paint, so its performance.now() closes the sample. This
 * includes the wait for the frame (up to one 60 Hz interval, ~16.7 ms, even for an idle page), which
 * is why the baselines matter. The Event Timing API's own figures (`event` entries ≥ 16 ms, rounded to
 * 8 ms by the browser) are printed beside it as a cross-check.
 *
 *   PROFILE=1   also records a CPU profile of the editor's typing (DevTools protocol) and prints the
 *               functions with the most time, named through the builds' source maps on disk
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { computeSign, emptyDocument, newNonce, SaveType, toArticleAddRequest, CoverMode } from 'shared-sdk/contract';
import { ACCOUNTS, type Browser, launchBrowser, login, type Page, type SessionState } from '../../e2e/support/browser';
import { startProduct } from '../../e2e/support/server';
import { type ProfileNode, nameOf } from './cpu-profile';

const KEYS = Number(process.env.KEYS ?? 300);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const GAP_MS = Number(process.env.GAP_MS ?? 50);
const ARTICLE_CHARS = 50_000;
const TARGET_P95_MS = 16;
/** A unique word in the middle paragraph, where the caret goes. */
const MIDDLE_MARK = '【正文中点】';

// ---------------------------------------------------------------------------------------------
// The article

const PHRASES = [
  '黄河流域生态保护和高质量发展',
  '记者在现场看到，工人们正在紧张有序地施工',
  '据了解，该项目总投资约十二亿元',
  '城市更新让老街区焕发新活力',
  '乡村振兴的关键在于产业兴旺',
  '今年以来，全市新增就业岗位三万余个',
  '专家表示，这一做法值得推广',
  '春耕时节，田间地头一派忙碌景象',
  '文化旅游融合发展，带动了周边消费',
  '群众的获得感、幸福感、安全感不断增强',
  '科技创新为传统产业注入新动能',
  '志愿者们走进社区，为老人提供义诊服务',
];
const COLOURS = ['#c41d7f', '#1d39c4', '#d46b08', '#389e0d', '#cf1322', '#531dab'];
const HIGHLIGHTS = ['#fff1b8', '#d9f7be', '#e6f4ff'];
const SIZES = [12, 14, 16, 18, 24, 36];

/** Visible characters (what the editor's counter counts): the text without whitespace. */
const visible = (text: string) => text.replace(/\s/g, '').length;

/**
 * Deterministic HTML of `ARTICLE_CHARS` visible characters: body paragraphs (most with the 2em
 * first-line indent) with bold, italic, colour, highlight, size and link runs; a centred title
 * paragraph (bold, 24 px) every 12 paragraphs; right/centre/justify alignment now and then; a rule
 * and a picture from our storage every 30 paragraphs.
 */
export function buildArticle(images: string[]): { html: string; chars: number; paragraphs: number } {
  const parts: string[] = [];
  let chars = 0;
  let n = 0;
  let markPlaced = false;
  const sentence = () => {
    const phrase = PHRASES[n % PHRASES.length] ?? '';
    n += 1;
    return `${phrase}${n % 3 === 0 ? '；' : '，'}`;
  };
  for (let p = 0; chars < ARTICLE_CHARS; p += 1) {
    if (p % 12 === 0) {
      const title = `第${p / 12 + 1}部分：${PHRASES[p % PHRASES.length] ?? ''}`;
      parts.push(`<p style="text-align: center;"><strong><span style="font-size: 24px;">${title}</span></strong></p>`);
      chars += visible(title);
      continue;
    }
    if (p % 30 === 15 && images.length) {
      parts.push(`<p><img src="${images[((p / 30) % images.length) | 0] ?? images[0]}"></p>`);
      if (p % 60 === 15) parts.push('<hr>');
      continue;
    }
    const runs: string[] = [];
    if (!markPlaced && chars >= ARTICLE_CHARS / 2) {
      runs.push(MIDDLE_MARK);
      chars += visible(MIDDLE_MARK);
      markPlaced = true;
    }
    for (let s = 0; s < 8 && chars < ARTICLE_CHARS; s += 1) {
      let text = sentence();
      const room = ARTICLE_CHARS - chars;
      if (visible(text) > room) text = text.slice(0, room);
      chars += visible(text);
      switch ((p + s) % 9) {
        case 1:
          runs.push(`<strong>${text}</strong>`);
          break;
        case 2:
          runs.push(`<em>${text}</em>`);
          break;
        case 3:
          runs.push(`<span style="color: ${COLOURS[(p + s) % COLOURS.length]};">${text}</span>`);
          break;
        case 4:
          runs.push(`<span style="background-color: ${HIGHLIGHTS[(p + s) % HIGHLIGHTS.length]};">${text}</span>`);
          break;
        case 5:
          runs.push(`<span style="font-size: ${SIZES[(p + s) % SIZES.length]}px;">${text}</span>`);
          break;
        case 6:
          runs.push(`<a href="https://example.com/news/${p}-${s}" target="_blank">${text}</a>`);
          break;
        case 7:
          runs.push(`<strong><em><span style="color: ${COLOURS[s % COLOURS.length]};">${text}</span></em></strong>`);
          break;
        default:
          runs.push(text);
      }
    }
    const style =
      p % 7 === 3 ? 'text-align: right;' : p % 7 === 5 ? 'text-align: justify; text-indent: 2em;' : p % 11 === 4 ? 'text-align: center;' : 'text-indent: 2em;';
    parts.push(`<p style="${style}">${runs.join('')}</p>`);
  }
  return { html: parts.join(''), chars, paragraphs: parts.length };
}

// ---------------------------------------------------------------------------------------------
// Signed calls from here, with the session the browser got by logging in

async function signedCall<T>(baseUrl: string, token: string, method: 'GET' | 'POST', callPath: string, params: Record<string, string | number>): Promise<T> {
  const config = (await (await fetch(`${baseUrl}/api/runtime/config`)).json()) as { data: { appId: string; appSecret: string } };
  const fields: Record<string, string | number> = { ...params, timestamp: Date.now(), app_id: config.data.appId, token, nonce: newNonce() };
  fields.sign = computeSign(fields, config.data.appSecret, { method, path: callPath });
  const form = new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString();
  const response =
    method === 'GET'
      ? await fetch(`${baseUrl}${callPath}?${form}`)
      : await fetch(`${baseUrl}${callPath}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 200 && answer.code !== 0) throw new Error(`${callPath}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Pictures on our own storage (/oss/...): the posters of my video materials. */
async function storageImages(baseUrl: string, token: string): Promise<string[]> {
  const list = await signedCall<{ data: { data: { cm_icon_url: string }[] } }>(baseUrl, token, 'POST', '/api/material/list', { cm_type: 3, all: 0, page: 1 });
  return [...new Set(list.data.data.map((m) => m.cm_icon_url).filter((url) => url.startsWith('/oss/')))];
}

// ---------------------------------------------------------------------------------------------
// The in-page probe (a string: the page runs it as it is)

const PROBE = `(() => {
  if (window.__keystroke) return;
  const state = { target: '', samples: [], pending: null, missed: 0, events: [] };
  window.__keystroke = state;
  addEventListener('keydown', (event) => {
    if (!event.isTrusted || event.key.length !== 1 || !state.target) return;
    if (state.pending) state.missed += 1;
    state.pending = { target: state.target, start: event.timeStamp };
  }, true);
  addEventListener('input', () => {
    const pending = state.pending;
    if (!pending) return;
    state.pending = null;
    const input = performance.now();
    requestAnimationFrame(() => {
      const frame = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        state.samples.push({ target: pending.target, start: pending.start, input: input - pending.start, frame: frame - pending.start, paint: performance.now() - pending.start });
      };
      channel.port2.postMessage(0);
    });
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.interactionId && /^key/.test(entry.name)) state.events.push({ id: entry.interactionId, start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16 });
})()`;

/** The two baselines: the article's text in a textarea, the editor's HTML in a contenteditable, same width. */
const ADD_BASELINES = `(() => {
  const editor = document.querySelector('.ql-editor');
  const box = editor.getBoundingClientRect();
  const style = 'position:fixed;top:60px;left:' + box.left + 'px;width:' + box.width + 'px;height:70vh;overflow:auto;z-index:10000;background:#fff;display:none;font:14px/1.8 sans-serif;padding:12px 15px;box-sizing:border-box';
  const area = document.createElement('textarea');
  area.id = 'baseline-textarea';
  area.setAttribute('style', style);
  area.value = editor.innerText;
  const editable = document.createElement('div');
  editable.id = 'baseline-editable';
  editable.contentEditable = 'true';
  editable.setAttribute('style', style);
  editable.innerHTML = editor.innerHTML;
  document.body.append(area, editable);
})()`;

/** Shows one baseline and puts the caret in its middle (the end of the marked paragraph). */
const FOCUS_BASELINE = (id: string) => `(() => {
  for (const el of document.querySelectorAll('#baseline-textarea, #baseline-editable')) el.style.display = el.id === '${id}' ? 'block' : 'none';
  const el = document.getElementById('${id}');
  if (el instanceof HTMLTextAreaElement) {
    const at = el.value.indexOf('${MIDDLE_MARK}');
    const end = el.value.indexOf('\\n', at);
    el.focus();
    el.setSelectionRange(end, end);
    el.blur();
    el.focus();
    return;
  }
  const paragraph = [...el.querySelectorAll('p')].find((p) => p.textContent.includes('${MIDDLE_MARK}'));
  paragraph.scrollIntoView({ block: 'center' });
  el.focus();
  const selection = getSelection();
  selection.selectAllChildren(paragraph);
  selection.collapseToEnd();
})()`;

const HIDE_BASELINES = `(() => { for (const el of document.querySelectorAll('#baseline-textarea, #baseline-editable')) el.style.display = 'none'; })()`;

/** What the editor shows once loaded: formats by count, and the visible characters of its text. */
const EDITOR_CONTENT = `(() => {
  const root = document.querySelector('.ql-editor');
  const count = (selector) => root.querySelectorAll(selector).length;
  return {
    chars: root.innerText.replace(/\\s/g, '').length,
    paragraphs: count('p'),
    bold: count('strong'),
    italic: count('em'),
    colour: count('[style*="color"]:not([style*="background"])'),
    highlight: count('[style*="background-color"]'),
    size: count('[style*="font-size"]'),
    align: count('[style*="text-align"]'),
    indent: count('[style*="text-indent"]'),
    link: count('a[href]'),
    image: count('img[src^="/oss/"]'),
    rule: count('hr'),
  };
})()`;

// ---------------------------------------------------------------------------------------------
// Typing and figures

interface Sample {
  target: string;
  start: number;
  input: number;
  frame: number;
  paint: number;
}

export interface Figures {
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** keydown → the frame's requestAnimationFrame (the work before the frame), p95. */
  beforeFrameP95: number;
}

export interface TargetResult {
  target: string;
  label: string;
  figures: Figures;
  /** Event Timing: keystrokes whose interaction the browser reported at ≥ 16 ms, and their longest. */
  slowEvents: number;
  slowestEvent: number;
}

function figures(samples: Sample[]): Figures {
  const at = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
  const paint = samples.map((s) => s.paint).sort((a, b) => a - b);
  const frame = samples.map((s) => s.frame).sort((a, b) => a - b);
  return { count: samples.length, p50: at(paint, 50), p95: at(paint, 95), max: paint.at(-1) ?? 0, beforeFrameP95: at(frame, 95) };
}

const LETTERS = 'the quick brown fox jumps over the lazy dog ';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function typeKeys(page: Page, target: string, count: number, offset: number): Promise<void> {
  await page.evaluate(`window.__keystroke.target = ${JSON.stringify(target)}`);
  for (let i = 0; i < count; i += 1) {
    const key = LETTERS[(offset + i) % LETTERS.length] ?? 'a';
    await page.keyboard.down(key);
    await page.keyboard.up(key);
    await sleep(GAP_MS);
  }
  await sleep(300);
  await page.evaluate(`window.__keystroke.target = ''`);
}

async function caretInEditor(page: Page): Promise<void> {
  const paragraph = page.locator('.ql-editor p', { hasText: MIDDLE_MARK }).first();
  await paragraph.scrollIntoViewIfNeeded();
  await paragraph.click();
  await page.keyboard.press('End');
}

// ---------------------------------------------------------------------------------------------
// Which scripts each page loads

interface LoadedFile {
  url: string;
  gzipBytes: number;
  quill: boolean;
}

/** Quill's core names its registry 'modules/clipboard'; react-quill-new calls itself 'React Quill'. */
const QUILL_MARKERS = /["']modules\/clipboard["']|React Quill|\.ql-snow\b/;

/** Every script and stylesheet a page loads cold, with its gzip size (level 9) and whether it is Quill's. */
async function loadedFiles(browser: Browser, url: string, ready: string, session?: SessionState): Promise<Map<string, LoadedFile>> {
  const context = await browser.newContext(session ? { storageState: session } : {});
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const files = new Map<string, LoadedFile>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if ((type !== 'script' && type !== 'stylesheet') || response.status() !== 200) return;
      pending.push(
        response.body().then(
          (body) => {
            const pathname = new URL(response.url()).pathname;
            files.set(pathname, {
              url: pathname,
              gzipBytes: type === 'script' ? gzipSync(body, { level: 9 }).length : 0,
              quill: QUILL_MARKERS.test(body.toString('latin1')),
            });
          },
          () => undefined,
        ),
      );
    });
    await page.goto(url);
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return files;
  } finally {
    await context.close();
  }
}

export interface EditorCost {
  /** gzip KB of the scripts /scriptWrite loads that /index does not. */
  extraGzipBytes: number;
  extraFiles: number;
  quillGzipBytes: number;
  /** Pages that loaded a Quill or react-quill file (must be none), with the files. */
  quillElsewhere: { page: string; files: string[] }[];
  /** The positive control: /scriptWrite did load Quill (so the marker works). */
  quillOnScriptWrite: boolean;
}

async function measureEditorCost(browser: Browser, baseUrl: string, session: SessionState): Promise<EditorCost> {
  const login = await loadedFiles(browser, `${baseUrl}/login`, 'input[placeholder="手机号"]');
  const index = await loadedFiles(browser, `${baseUrl}/index`, '.ant-layout-sider', session);
  const draft = await loadedFiles(browser, `${baseUrl}/draft`, '[data-testid=draft-item]', session);
  const write = await loadedFiles(browser, `${baseUrl}/scriptWrite`, '.ql-editor', session);
  const extra = [...write.values()].filter((file) => !index.has(file.url) && file.gzipBytes > 0);
  return {
    extraGzipBytes: extra.reduce((sum, file) => sum + file.gzipBytes, 0),
    extraFiles: extra.length,
    quillGzipBytes: extra.filter((file) => file.quill).reduce((sum, file) => sum + file.gzipBytes, 0),
    quillElsewhere: [
      ['/login', login],
      ['/index', index],
      ['/draft', draft],
    ].map(([page, files]) => ({ page: page as string, files: [...(files as Map<string, LoadedFile>).values()].filter((f) => f.quill).map((f) => f.url) })),
    quillOnScriptWrite: [...write.values()].some((file) => file.quill),
  };
}

// ---------------------------------------------------------------------------------------------
// CPU profile (PROFILE=1)

async function profileTyping(page: Page, keys: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await caretInEditor(page);
  await typeKeys(page, 'profile', keys, 0);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id);
    if (!node) return;
    const leaf = nameOf(node.callFrame);
    self.set(leaf, (self.get(leaf) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame) break;
      const name = nameOf(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + ms);
    }
  });
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([name]) => !/^\((idle|program|root|garbage collector)\)/.test(name))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n);
  console.info(
    `\nCPU profile of ${keys} keys typed into the editor (ms of CPU; idle ${(self.get('(idle)') ?? 0).toFixed(0)} ms, GC ${(self.get('(garbage collector)') ?? 0).toFixed(0)} ms)`,
  );
  console.info('  most self time:');
  for (const [name, ms] of top(self, 15)) console.info(`    ${ms.toFixed(1).padStart(8)}  ${name}`);
  console.info('  most total time (the function and what it called):');
  for (const [name, ms] of top(total, 25)) console.info(`    ${ms.toFixed(1).padStart(8)}  ${name}`);
  console.info("  the product's own functions (total time):");
  for (const [name, ms] of top(total, 1000)
    .filter(([name]) => /\(\.\/src\//.test(name) && !/\.\/src\/(bootstrap|index)/.test(name))
    .slice(0, 20))
    console.info(`    ${ms.toFixed(1).padStart(8)}  ${name}`);
  await cdp.detach();
}

// ---------------------------------------------------------------------------------------------
// The whole measurement

export interface KeystrokeReport {
  article: { chars: number; paragraphs: number; loaded: Record<string, number> };
  results: TargetResult[];
  missed: number;
  cost: EditorCost;
}

const TARGETS: { target: string; label: string }[] = [
  { target: 'textarea', label: 'plain <textarea> (baseline)' },
  { target: 'editable', label: 'plain contenteditable, same HTML (baseline)' },
  { target: 'editor', label: 'the article editor' },
];

export async function measureKeystrokes(baseUrl: string, options: { profile?: boolean } = {}): Promise<KeystrokeReport> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await login(page, baseUrl, ACCOUNTS.verified);
    await page.waitForURL(/\/index$/);
    const session = await context.storageState();
    const token = await page.evaluate(`(JSON.parse(localStorage.getItem('userInfo') || '{}').token || '')`);

    const images = await storageImages(baseUrl, String(token));
    const article = buildArticle(images);
    const doc = { ...emptyDocument(1), title: '五万字长文的输入速度测试', content: article.html, cover_mode: CoverMode.NONE };
    const saved = await signedCall<{ draft_id: number }>(baseUrl, String(token), 'POST', '/api/article/add', {
      ...toArticleAddRequest(doc, { save_type: SaveType.DRAFT }),
    });

    await page.goto(`${baseUrl}/scriptWrite?draftId=${saved.draft_id}`);
    await page.locator('.ql-editor p', { hasText: MIDDLE_MARK }).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const loaded = (await page.evaluate(EDITOR_CONTENT)) as Record<string, number>;
    await page.evaluate(PROBE);
    await page.evaluate(ADD_BASELINES);

    const perRound = Math.ceil(KEYS / ROUNDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const { target } of TARGETS) {
        if (target === 'editor') {
          await page.evaluate(HIDE_BASELINES);
          await caretInEditor(page);
        } else {
          await page.evaluate(FOCUS_BASELINE(`baseline-${target}`));
        }
        await sleep(200);
        await typeKeys(page, target, perRound, round * perRound);
      }
    }
    await page.evaluate(HIDE_BASELINES);
    const state = (await page.evaluate('({ samples: window.__keystroke.samples, missed: window.__keystroke.missed, events: window.__keystroke.events })')) as {
      samples: Sample[];
      missed: number;
      events: { id: number; start: number; duration: number }[];
    };
    // Event Timing entries belong to the target whose keystroke started within 1 ms of them.
    const slowById = new Map<number, { start: number; duration: number }>();
    for (const event of state.events) {
      const known = slowById.get(event.id);
      if (!known || event.duration > known.duration) slowById.set(event.id, event);
    }
    const results = TARGETS.map(({ target, label }) => {
      const samples = state.samples.filter((s) => s.target === target);
      const slow = [...slowById.values()].filter((event) => samples.some((s) => Math.abs(s.start - event.start) < 1));
      return { target, label, figures: figures(samples), slowEvents: slow.length, slowestEvent: Math.max(0, ...slow.map((e) => e.duration)) };
    });

    if (options.profile) await profileTyping(page, Math.min(100, KEYS));
    await context.close();

    const cost = await measureEditorCost(browser, baseUrl, session);
    return { article: { chars: article.chars, paragraphs: article.paragraphs, loaded }, results, missed: state.missed, cost };
  } finally {
    await browser.close();
  }
}

const ms = (value: number) => value.toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Prints the figures; returns the problems (Quill on another screen's first load, lost samples). */
export function reportKeystrokes(report: KeystrokeReport): string[] {
  const problems: string[] = [];
  const { loaded } = report.article;
  console.info(
    `article: ${report.article.chars.toLocaleString('en')} characters written, the editor shows ${(loaded.chars ?? 0).toLocaleString('en')} in ${loaded.paragraphs} paragraphs ` +
      `(bold ${loaded.bold}, italic ${loaded.italic}, colour ${loaded.colour}, highlight ${loaded.highlight}, size ${loaded.size}, alignment ${loaded.align}, indent ${loaded.indent}, links ${loaded.link}, pictures from storage ${loaded.image}, rules ${loaded.rule}; the editor has no lists)`,
  );
  console.info(`typing: ${KEYS} keys per target in ${ROUNDS} alternating rounds, one every ${GAP_MS} ms plus the key's own round trip; caret in the middle\n`);
  console.info('target                                          keys   p50 ms   p95 ms   max ms   before-frame p95   Event Timing ≥16 ms (max)');
  for (const { label, figures: f, slowEvents, slowestEvent } of report.results) {
    console.info(
      `${label.padEnd(46)} ${String(f.count).padStart(5)} ${ms(f.p50).padStart(8)} ${ms(f.p95).padStart(8)} ${ms(f.max).padStart(8)} ${ms(f.beforeFrameP95).padStart(18)}   ${slowEvents} (${ms(slowestEvent)})`,
    );
  }
  const editor = report.results.find((r) => r.target === 'editor')?.figures;
  for (const base of report.results.filter((r) => r.target !== 'editor')) {
    if (!editor || !base.figures.count) continue;
    console.info(`editor ÷ ${base.target}: p50 ×${(editor.p50 / base.figures.p50).toFixed(2)}, p95 ×${(editor.p95 / base.figures.p95).toFixed(2)}`);
  }
  if (editor) console.info(`editor p95 ${ms(editor.p95)} ms: ${editor.p95 <= TARGET_P95_MS ? 'target met' : 'target NOT met'} (target ≤ ${TARGET_P95_MS} ms)`);
  for (const r of report.results) if (r.figures.count < KEYS * 0.95) problems.push(`${r.target}: only ${r.figures.count} of ${KEYS} keystrokes measured`);
  if (report.missed) console.info(`(${report.missed} keystrokes typed before the previous one was painted: counted once)`);

  const { cost } = report;
  console.info(
    `\neditor remote's own JS (what /scriptWrite loads beyond /index): ${kb(cost.extraGzipBytes)} KB gzip in ${cost.extraFiles} files, of which Quill ${kb(cost.quillGzipBytes)} KB`,
  );
  for (const { page, files } of cost.quillElsewhere) {
    console.info(`Quill on ${page}: ${files.length ? `YES (${files.join(', ')})` : 'no'}`);
    if (files.length) problems.push(`${page} loads Quill: ${files.join(', ')}`);
  }
  if (!cost.quillOnScriptWrite) problems.push('the Quill marker found nothing on /scriptWrite either: the check is blind');
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const product = await startProduct();
  const problems = await measureKeystrokes(product.baseUrl, { profile: process.env.PROFILE === '1' })
    .then(reportKeystrokes)
    .finally(() => product.stop());
  if (problems.length) console.info(`\nkeystroke: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(problems.length ? 1 : 0);
}
