/**
 * `/helpCenter` (issue 12): categories with their articles, one article as sanitized HTML, and a
 * search. The articles are Markdown files shipped with the server (`articles/`), read at start-up.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, type HelpArticle, type HelpCategoriesAnswer, type HelpSearchAnswer, ok } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
import { envelope, objectOf, str } from '../../lib/schemas';
import { requireAuth } from '../../plugins/app/auth';
import { categoriesOf, loadArticles } from './library';
import { searchArticles } from './search';

const summary = { slug: str, title: str, summary: str };
const categoriesAnswer = envelope({ type: 'array', items: objectOf({ code: str, name: str, articles: { type: 'array', items: objectOf(summary) } }) });
const articleAnswer = envelope(objectOf({ ...summary, category: str, category_name: str, html: str }));
const searchAnswer = envelope(objectOf({ list: { type: 'array', items: objectOf({ ...summary, category_name: str, snippet: str }) } }));
const slugQuery = objectOf({ slug: { type: 'string', pattern: '^[a-z0-9-]{1,64}$' } });
const searchQuery = objectOf({ q: { type: 'string', maxLength: 50 } });

const help: FastifyPluginAsync = async (app) => {
  const articles = loadArticles();
  const categories = categoriesOf(articles);

  app.get('/api/help/categories', { schema: { response: { 200: categoriesAnswer } } }, async (request) => {
    requireAuth(request);
    return ok<HelpCategoriesAnswer>(categories);
  });

  app.get<{ Querystring: { slug: string } }>('/api/help/article', { schema: { querystring: slugQuery, response: { 200: articleAnswer } } }, async (request) => {
    requireAuth(request);
    const found = articles.find((a) => a.slug === request.query.slug);
    if (!found) throw new ApiError(ApiCode.NOT_FOUND, '文章不存在');
    const { slug, title, summary: text, category, category_name, html } = found;
    return ok<HelpArticle>({ slug, title, summary: text, category, category_name, html });
  });

  app.get<{ Querystring: { q: string } }>('/api/help/search', { schema: { querystring: searchQuery, response: { 200: searchAnswer } } }, async (request) => {
    requireAuth(request);
    return ok<HelpSearchAnswer>({ list: searchArticles(articles, request.query.q.replace(/\0/g, '')) });
  });
};

export default help;
