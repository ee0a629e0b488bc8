import { baseApi, routeEndpoint, routeQuery } from 'shared-sdk';
import { help } from 'shared-sdk/contract/calls';

/** The help center's first call; the /helpCenter route declares the same one for the host to start early. */
export const helpCategoriesRequest = () => routeQuery(help.helpCategories);

export const helpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    helpCategories: build.query({ ...routeEndpoint(help.helpCategories) }),
    helpArticle: build.query({ ...routeEndpoint(help.helpArticle, (slug: string) => ({ slug }), { skipErrorHandler: true }) }),
    helpSearch: build.query({ ...routeEndpoint(help.helpSearch, (q: string) => ({ q })) }),
  }),
});

export const { useHelpCategoriesQuery, useHelpArticleQuery, useHelpSearchQuery } = helpApi;
