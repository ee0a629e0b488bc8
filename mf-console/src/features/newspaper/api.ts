import type { NewspaperImportRequest } from 'shared-sdk/contract';
import { CALLS } from '../../api/calls';
import { consoleApi, viaOperator } from '../../api/endpoint';
import { operatorUpload } from 'shared-sdk/operator';

export const newspaperApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    newspaperImports: build.query({ queryFn: viaOperator(CALLS.newspaperImports), providesTags: ['NewspaperImport'] }),
  }),
});

export const { useNewspaperImportsQuery } = newspaperApi;

/** Sends an issue's PDF as the request body (streamed by the server), reporting progress. */
export function importIssue(request: NewspaperImportRequest, pdf: Blob, onProgress: (percent: number) => void) {
  return operatorUpload(CALLS.importNewspaper, request, pdf, 'application/pdf', onProgress);
}
