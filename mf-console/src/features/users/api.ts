import { CALLS } from '../../api/calls';
import { consoleApi, viaOperator } from '../../api/endpoint';

const CHANGED = (_result: unknown, _error: unknown, request: { id: number }) => [{ type: 'OperatorUser' as const, id: request.id }, 'Audit' as const];

export const usersApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    userSearch: build.query({ queryFn: viaOperator(CALLS.users), providesTags: ['OperatorUser'] }),
    userDetail: build.query({ queryFn: viaOperator(CALLS.user), providesTags: (_result, _error, request) => [{ type: 'OperatorUser', id: request.id }] }),
    verifyUser: build.mutation({ queryFn: viaOperator(CALLS.verifyUser), invalidatesTags: CHANGED }),
    banUser: build.mutation({ queryFn: viaOperator(CALLS.banUser), invalidatesTags: CHANGED }),
    unbanUser: build.mutation({ queryFn: viaOperator(CALLS.unbanUser), invalidatesTags: CHANGED }),
    setUserTools: build.mutation({ queryFn: viaOperator(CALLS.userTools), invalidatesTags: CHANGED }),
    resetUserPassword: build.mutation({ queryFn: viaOperator(CALLS.resetUserPassword), invalidatesTags: ['Audit'] }),
  }),
});

export const {
  useUserSearchQuery,
  useUserDetailQuery,
  useVerifyUserMutation,
  useBanUserMutation,
  useUnbanUserMutation,
  useSetUserToolsMutation,
  useResetUserPasswordMutation,
} = usersApi;
