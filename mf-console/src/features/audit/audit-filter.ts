import type { Dayjs } from 'dayjs';
import type { AuditExportRequest } from 'shared-sdk/contract';

/** The filter form's fields as typed. */
export interface AuditFilterFields {
  operator_id?: number | null;
  action?: string;
  target_type?: string;
  target_id?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's fields as the audit calls take them: blanks left out, the day range as times (the end day included). */
export function auditFilter(fields: AuditFilterFields): AuditExportRequest {
  const filter: AuditExportRequest = {};
  if (fields.operator_id) filter.operator_id = fields.operator_id;
  for (const key of ['action', 'target_type', 'target_id'] as const) {
    const value = fields[key]?.trim();
    if (value) filter[key] = value;
  }
  const [from, to] = fields.range ?? [];
  if (from) filter.from = from.startOf('day').toISOString();
  if (to) filter.to = to.add(1, 'day').startOf('day').toISOString();
  return filter;
}
