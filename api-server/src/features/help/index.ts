/**
 * `/helpCenter` (docs/product.md §2): categories with their articles, one article as sanitized HTML, and a
 * search. The articles are Markdown files shipped with the server (`articles/`), read at start-up.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ApiCode, ok } from 'shared-sdk/contract';
import { help as contract } from 'shared-sdk/contract/schemas';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { requireAuth } from '../../plugins/app/auth';
import { categoriesOf, loadArticles } from './library';
import { searchArticles } from './search';

const help: FastifyPluginAsync = async (app) => {
  const articles = loadArticles();
  const categories = categoriesOf(articles);

  serve(app, contract.helpCategories, async (request) => {
    requireAuth(request);
    return ok(categories);
  });

  serve(app, contract.helpArticle, async (request) => {
    requireAuth(request);
    const found = articles.find((a) => a.slug === request.query.slug);
    if (!found) throw new ApiError(ApiCode.NOT_FOUND, '文章不存在');
    const { slug, title, summary: text, category, category_name, html } = found;
    return ok({ slug, title, summary: text, category, category_name, html });
  });

  serve(app, contract.helpSearch, async (request) => {
    requireAuth(request);
    return ok({ list: searchArticles(articles, request.query.q.replace(/\0/g, '')) });
  });
};

export default help;
