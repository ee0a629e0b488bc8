import { baseApi, type SdkQueryError } from 'shared-sdk';
import type { ContractRoute, DataOf, RequestOf } from 'shared-sdk/contract/schemas';
import { errorMessage } from '../lib/error-message';
import { operatorCall, OperatorError, type OperatorCallSpec } from 'shared-sdk/operator';

/** The console's cache tags, added to the page's one RTK Query API. */
export const consoleApi = baseApi.enhanceEndpoints({
  addTagTypes: [
    'OperatorSession',
    'Queue',
    'Appeal',
    'OperatorUser',
    'NewspaperImport',
    'Audit',
    'Operator',
    'PersonalToken',
    'RightApplication',
    'StorageReport',
  ],
});

/** An RTK Query `queryFn` sending one operator call; a refusal becomes the query's error (message, code and its data). */
export function viaOperator<R extends ContractRoute>(spec: OperatorCallSpec<R>) {
  return async (request: RequestOf<R>): Promise<{ data: DataOf<R> } | { error: SdkQueryError }> => {
    try {
      return { data: await operatorCall(spec, request) };
    } catch (failure) {
      const error = failure instanceof OperatorError ? failure : new OperatorError('请求错误');
      // Never 'token-expired': that kind is the creators' session, which an operator call does not touch.
      return { error: { kind: 'business', message: error.message, code: error.code, status: error.status, data: error.data } };
    }
  };
}

/** The text a screen shows for a failed call. */
export const failureText = (error: unknown): string => errorMessage(error, '请求错误');
