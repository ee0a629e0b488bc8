/** The audit row the command line writes on the database directly (`cliActor`), as the CLI tests read it back. */
export const cliAuditRow = (name: string, action: string, targetType: string, targetId: number | string, reason = '') => ({
  operator_id: null,
  operator_name: name,
  role: 'admin',
  action,
  target_type: targetType,
  target_id: String(targetId),
  reason,
  ip: 'cli',
});
