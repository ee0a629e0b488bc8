import type { AuditExportRequest } from 'shared-sdk/contract';
import { CALLS } from './calls';
import { consoleApi, viaOperator } from './endpoint';
import { operatorFile } from 'shared-sdk/operator';

/** The audit trail's calls, shared: 操作记录 lists the trail, and 操作员's 发布范围 reads a scope's last set from it. */
export const auditApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    auditList: build.query({ queryFn: viaOperator(CALLS.audit), providesTags: ['Audit'] }),
  }),
});

export const { useAuditListQuery } = auditApi;

/** Downloads every row the filter matches as CSV (the server writes the file; a refusal rejects). */
export async function downloadAuditCsv(filter: AuditExportRequest): Promise<void> {
  const { blob, filename } = await operatorFile(CALLS.auditExport, filter);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
