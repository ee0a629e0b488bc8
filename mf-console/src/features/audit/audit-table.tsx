import { Table, Typography } from 'antd';
import type { AuditEntry } from 'shared-sdk/contract';
import { formatTime } from '../../lib/age';
import { actionLabel } from './action-labels';

const json = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/** The audit trail's rows: who, role, action, target, before → after, reason, when, from where. */
export function AuditTable({
  rows,
  total,
  page,
  size,
  loading,
  onPage,
}: {
  rows: readonly AuditEntry[];
  total: number;
  page: number;
  size: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={[...rows]}
      pagination={{ current: page, pageSize: size, total, onChange: onPage, showSizeChanger: false, showTotal: (count) => `共 ${count} 条` }}
      columns={[
        { title: '时间', dataIndex: 'at', width: 150, render: (at: string) => formatTime(at) },
        { title: '操作员', dataIndex: 'operator', width: 110 },
        { title: '角色', dataIndex: 'role', width: 90 },
        { title: '操作', dataIndex: 'action', width: 140, render: (action: string) => actionLabel(action) },
        { title: '对象', key: 'target', width: 130, render: (_: unknown, row) => `${row.target_type} ${row.target_id}` },
        {
          title: '变更',
          key: 'change',
          render: (_: unknown, row) => (
            <Typography.Text style={{ fontSize: 12 }}>
              {json(row.before)} → {json(row.after)}
            </Typography.Text>
          ),
        },
        { title: '原因', dataIndex: 'reason', width: 160, render: (reason: string) => reason || '—' },
        { title: '来源地址', dataIndex: 'ip', width: 120 },
      ]}
    />
  );
}
