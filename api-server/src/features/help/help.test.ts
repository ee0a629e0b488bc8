import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import type { HelpArticle, HelpCategoriesAnswer, HelpSearchAnswer } from 'shared-sdk/contract';
import { body, login, signed } from '../../testing/signed';
import { setUpTestApp } from '../../testing/test-app';
import { loadArticles } from './library';

describe('help centre', () => {
  const harness = setUpTestApp();
  let token: string;
  const get = async <T>(url: string, params: Record<string, string> = {}) => body<T>(await signed(harness.app, { url, token, params }));

  before(async () => {
    token = await login(harness.app, '13800000001');
  });

  it('lists the categories with their articles in order', async () => {
    const answer = await get<HelpCategoriesAnswer>('/api/help/categories');
    assert.equal(answer.code, 0);
    assert.deepEqual(
      answer.data.map((c) => c.name),
      ['新手入门', '内容创作', '草稿与素材', '账号与安全', '创作分与权益'],
    );
    assert.equal(answer.data.flatMap((c) => c.articles).length, 13);
    assert.deepEqual(answer.data[0]?.articles[0], {
      slug: 'getting-started',
      title: '创作者中心快速入门',
      summary: '登录后在首页查看创作分和最近草稿，通过“内容创作”开始写作。',
    });
  });

  it('answers an article as HTML rendered from its Markdown', async () => {
    const answer = await get<HelpArticle>('/api/help/article', { slug: 'score' });
    assert.equal(answer.data.title, '创作分是怎么计算的');
    assert.equal(answer.data.category_name, '创作分与权益');
    assert.match(answer.data.html, /<h1>创作分是怎么计算的<\/h1>/);
    assert.match(answer.data.html, /<table>/);
    assert.match(answer.data.html, /<a href="\/helpCenter\?article=rights">/);
    assert.deepEqual([(await get('/api/help/article', { slug: 'nope' })).code, (await get('/api/help/article', { slug: 'nope' })).msg], [1004, '文章不存在']);
    assert.equal((await get('/api/help/article', { slug: '../secret' })).code, 1002);
  });

  it('searches titles and text, title matches first, with a snippet', async () => {
    const answer = await get<HelpSearchAnswer>('/api/help/search', { q: '实名认证' });
    assert.equal(answer.data.list[0]?.slug, 'real-name');
    assert.ok(answer.data.list.length > 1);
    assert.ok(answer.data.list.every((hit) => hit.snippet.length > 0));
    const both = await get<HelpSearchAnswer>('/api/help/search', { q: '封禁 申诉' });
    assert.equal(both.data.list[0]?.slug, 'bans-appeals');
    assert.deepEqual((await get<HelpSearchAnswer>('/api/help/search', { q: '不存在的词语' })).data.list, []);
    assert.deepEqual((await get<HelpSearchAnswer>('/api/help/search', { q: '  ' })).data.list, []);
    assert.equal((await get('/api/help/search', { q: 'x'.repeat(51) })).code, 1002);
    // A NUL byte is refused or ignored, never a server error.
    assert.ok([0, 1002].includes((await get('/api/help/search', { q: '实名\u0000' })).code));
  });

  it('strips script, handlers and javascript: links from an article', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'help-'));
    try {
      writeFileSync(
        path.join(dir, 'evil.md'),
        '---\ntitle: 坏文章\ncategory: start\n---\n# 标题\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[点我](javascript:void)\n\n<iframe src="https://evil.example"></iframe>\n',
      );
      const [article] = loadArticles(dir);
      assert.ok(article);
      assert.doesNotMatch(article.html, /script|onerror|javascript:|iframe|<img/i);
      assert.match(article.html, /<h1>标题<\/h1>/);
      assert.match(article.html, /<a>点我<\/a>/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses without a token', async () => {
    assert.equal(body(await signed(harness.app, { url: '/api/help/categories' })).code, -1);
  });
});
