import { CALLS } from '../../api/calls';
import { consoleApi, viaOperator } from '../../api/endpoint';

/** An admin's work on other operators' accounts (操作员): role, second factor, password, sessions. */
export const operatorAccountApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    setOperatorRole: build.mutation({ queryFn: viaOperator(CALLS.setOperatorRole), invalidatesTags: ['Operator', 'Audit'] }),
    resetOperatorTotp: build.mutation({ queryFn: viaOperator(CALLS.resetOperatorTotp), invalidatesTags: ['Operator', 'Audit'] }),
    resetOperatorPassword: build.mutation({ queryFn: viaOperator(CALLS.resetOperatorPassword), invalidatesTags: ['Operator', 'Audit'] }),
    revokeOperatorSessions: build.mutation({ queryFn: viaOperator(CALLS.revokeOperatorSessions), invalidatesTags: ['Operator', 'Audit'] }),
  }),
});

export const { useSetOperatorRoleMutation, useResetOperatorTotpMutation, useResetOperatorPasswordMutation, useRevokeOperatorSessionsMutation } =
  operatorAccountApi;
