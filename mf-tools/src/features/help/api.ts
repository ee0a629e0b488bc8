import { baseApi } from 'shared-sdk';
import type { HelpArticle, HelpCategoriesAnswer, HelpSearchAnswer } from 'shared-sdk/contract';

/** The help center's first call; the /helpCenter route declares the same one for the host to start early. */
export const helpCategoriesRequest = () => ({ url: '/api/help/categories' });

export const helpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    helpCategories: build.query<HelpCategoriesAnswer, void>({ query: helpCategoriesRequest }),
    helpArticle: build.query<HelpArticle, string>({ query: (slug) => ({ url: '/api/help/article', params: { slug }, skipErrorHandler: true }) }),
    helpSearch: build.query<HelpSearchAnswer, string>({ query: (q) => ({ url: '/api/help/search', params: { q } }) }),
  }),
});

export const { useHelpCategoriesQuery, useHelpArticleQuery, useHelpSearchQuery } = helpApi;
