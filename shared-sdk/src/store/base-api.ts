import { createApi } from '@reduxjs/toolkit/query/react';
import { sdkBaseQuery } from './base-query';

/**
 * Cache tags every part may provide or invalidate. A remote needing another one adds it with
 * `baseApi.enhanceEndpoints({ addTagTypes: [...] })`.
 */
export const API_TAG_TYPES = [
  'User',
  'UnreadCount',
  'Notice',
  'Material',
  'MaterialDetail',
  'Tag',
  'Draft',
  'Newspaper',
  'ToolList',
  'Badge',
  'Score',
  'Enterprise',
] as const;

/** The one RTK Query API of the page; each feature adds its endpoints with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: sdkBaseQuery,
  tagTypes: API_TAG_TYPES,
  endpoints: () => ({}),
});
