/** The help centre (`/helpCenter`): categories with their articles, one article, a search. */
import { type Static, Type } from 'typebox';
import { defineRoute } from '../core/route';

const tag = 'help';

export const HelpArticleSummary = Type.Object({ slug: Type.String(), title: Type.String(), summary: Type.String() });
export const HelpCategory = Type.Object({ code: Type.String(), name: Type.String(), articles: Type.Array(HelpArticleSummary) });
export const HelpArticle = Type.Object({
  ...HelpArticleSummary.properties,
  category: Type.String(),
  category_name: Type.String(),
  /** Sanitized HTML rendered from the article's Markdown. */
  html: Type.String(),
});
export const HelpSearchHit = Type.Object({
  ...HelpArticleSummary.properties,
  category_name: Type.String(),
  /** Plain text around the first match. */
  snippet: Type.String(),
});
export type HelpArticleSummary = Static<typeof HelpArticleSummary>;
export type HelpCategory = Static<typeof HelpCategory>;
export type HelpArticle = Static<typeof HelpArticle>;
export type HelpSearchHit = Static<typeof HelpSearchHit>;

export const helpCategories = defineRoute({
  method: 'GET',
  url: '/api/help/categories',
  operationId: 'helpCategories',
  summary: 'Categories with their articles',
  tag,
  data: Type.Array(HelpCategory),
});

export const helpArticle = defineRoute({
  method: 'GET',
  url: '/api/help/article',
  operationId: 'helpArticle',
  summary: 'One article as sanitized HTML; 1004 when unknown',
  tag,
  querystring: Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,64}$' }) }),
  data: HelpArticle,
});

export const helpSearch = defineRoute({
  method: 'GET',
  url: '/api/help/search',
  operationId: 'helpSearch',
  summary: 'Articles matching `q`',
  tag,
  querystring: Type.Object({ q: Type.String({ maxLength: 50 }) }),
  data: Type.Object({ list: Type.Array(HelpSearchHit) }),
});
