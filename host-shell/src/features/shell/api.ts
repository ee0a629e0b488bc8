/** The shell's RTK Query endpoints, injected into the page's one baseApi (tag 'Notice' for unread counts). */
import { baseApi, queryResult as run } from 'shared-sdk';
import { shellClient, type NoticeListAnswer, type NoticeListArgs, type NoticeReadArgs } from '../../lib/shell-client';

export const shellApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    unreadTotal: build.query<number, void>({
      queryFn: () =>
        run(async () => {
          const [app0, app1, community] = await Promise.all([shellClient.unreadApp(0), shellClient.unreadApp(1), shellClient.unreadCommunity()]);
          return app0.count + app1.count + community.count;
        }),
      providesTags: ['Notice'],
    }),
    enterprise: build.query({ queryFn: () => run(() => shellClient.enterprise()), providesTags: ['Enterprise'] }),
    wearBadge: build.query({ queryFn: () => run(() => shellClient.wearBadge()), providesTags: ['Badge'] }),
    toolList: build.query({ queryFn: () => run(() => shellClient.toolList()), providesTags: ['ToolList'] }),
    dramaAuth: build.query({ queryFn: () => run(() => shellClient.dramaAuth()) }),
    userScore: build.query({ queryFn: () => run(() => shellClient.userScore()), providesTags: ['Score'] }),
    recentDrafts: build.query({ queryFn: () => run(() => shellClient.recentDrafts()), providesTags: ['Draft'] }),
    noticeList: build.query<NoticeListAnswer, NoticeListArgs>({
      queryFn: (args) => run(() => shellClient.noticeList(args)),
      providesTags: ['Notice'],
    }),
    markNoticesRead: build.mutation<null, NoticeReadArgs>({
      queryFn: (args) => run(() => shellClient.noticeRead(args)),
      invalidatesTags: ['Notice'],
    }),
  }),
});

export const {
  useUnreadTotalQuery,
  useEnterpriseQuery,
  useWearBadgeQuery,
  useToolListQuery,
  useDramaAuthQuery,
  useUserScoreQuery,
  useRecentDraftsQuery,
  useNoticeListQuery,
  useMarkNoticesReadMutation,
} = shellApi;
