import { CALLS } from '../../api/calls';
import { consoleApi, viaOperator } from '../../api/endpoint';

export const operatorsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    operatorList: build.query({ queryFn: viaOperator(CALLS.operators), providesTags: ['Operator'] }),
    addOperator: build.mutation({ queryFn: viaOperator(CALLS.addOperator), invalidatesTags: ['Operator', 'Audit'] }),
    disableOperator: build.mutation({ queryFn: viaOperator(CALLS.disableOperator), invalidatesTags: ['Operator', 'Audit'] }),
    tokenList: build.query({ queryFn: viaOperator(CALLS.tokens), providesTags: ['PersonalToken'] }),
    createToken: build.mutation({ queryFn: viaOperator(CALLS.createToken), invalidatesTags: ['PersonalToken', 'Audit'] }),
    revokeToken: build.mutation({ queryFn: viaOperator(CALLS.revokeToken), invalidatesTags: ['PersonalToken', 'Audit'] }),
    changePassword: build.mutation({ queryFn: viaOperator(CALLS.changePassword), invalidatesTags: ['Audit'] }),
  }),
});

export const {
  useOperatorListQuery,
  useAddOperatorMutation,
  useDisableOperatorMutation,
  useTokenListQuery,
  useCreateTokenMutation,
  useRevokeTokenMutation,
  useChangePasswordMutation,
} = operatorsApi;
