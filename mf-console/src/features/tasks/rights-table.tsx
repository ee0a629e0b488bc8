import { useState } from 'react';
import { Button, Select, Space, Table, Tag } from 'antd';
import type { RightDecideRequest, RightListAnswer } from 'shared-sdk/contract';
import { formatTime } from '../../lib/age';
import { DecisionDialog } from '../../components/decision-dialog';

type RightApplication = RightListAnswer['list'][number];
export type RightStatus = RightApplication['status'];

const STATUS: Record<RightStatus, { label: string; color: string }> = {
  pending: { label: '待审核', color: 'processing' },
  approved: { label: '已通过', color: 'success' },
  rejected: { label: '未通过', color: 'error' },
};

export interface RightsTableProps {
  applications: readonly RightApplication[];
  loading: boolean;
  status: RightStatus | undefined;
  onStatus: (status: RightStatus | undefined) => void;
  canModerate: boolean;
  onDecide: (request: RightDecideRequest) => Promise<void>;
}

/** Creators' applications for rights (what `admin right-list` / `right-review` did): approve, or reject with the reason the creator reads. */
export function RightsTable({ applications, loading, status, onStatus, canModerate, onDecide }: RightsTableProps) {
  const [pending, setPending] = useState<{ row: RightApplication; decision: RightDecideRequest['decision'] } | null>(null);
  const rejecting = pending?.decision === 'rejected';
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <label htmlFor="right-status">状态</label>
        <Select<RightStatus | 'all'>
          id="right-status"
          style={{ width: 140 }}
          value={status ?? 'all'}
          onChange={(value) => onStatus(value === 'all' ? undefined : value)}
          options={[{ label: '全部', value: 'all' }, ...(Object.keys(STATUS) as RightStatus[]).map((value) => ({ label: STATUS[value].label, value }))]}
        />
      </Space>
      <Table<RightApplication>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={[...applications]}
        pagination={false}
        locale={{ emptyText: '没有申请' }}
        columns={[
          { title: '编号', dataIndex: 'id' },
          { title: '创作者', key: 'creator', render: (_: unknown, row) => `${row.creator.nickname}（${row.creator.phone}）` },
          { title: '权益', dataIndex: 'right_name' },
          { title: '状态', dataIndex: 'status', render: (value: RightStatus) => <Tag color={STATUS[value].color}>{STATUS[value].label}</Tag> },
          { title: '原因', dataIndex: 'reason', render: (reason: string) => reason || '—' },
          { title: '申请时间', dataIndex: 'created_at', render: (at: string) => formatTime(at) },
          ...(canModerate
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  render: (_: unknown, row: RightApplication) =>
                    row.status === 'pending' ? (
                      <Space size={4}>
                        <Button
                          size="small"
                          autoInsertSpace={false}
                          onClick={() => setPending({ row, decision: 'approved' })}
                          aria-label={`通过 ${row.right_name} ${row.id}`}
                        >
                          通过
                        </Button>
                        <Button
                          size="small"
                          autoInsertSpace={false}
                          danger
                          onClick={() => setPending({ row, decision: 'rejected' })}
                          aria-label={`驳回 ${row.right_name} ${row.id}`}
                        >
                          驳回
                        </Button>
                      </Space>
                    ) : (
                      '—'
                    ),
                },
              ]
            : []),
        ]}
      />
      <DecisionDialog
        open={pending !== null}
        title={rejecting ? '驳回权益申请' : '通过权益申请'}
        description={pending && `${pending.row.creator.nickname} 申请的「${pending.row.right_name}」。创作者会收到通知${rejecting ? '和驳回原因' : ''}。`}
        okText={rejecting ? '确认驳回' : '确认通过'}
        danger={rejecting}
        reason={{ label: rejecting ? '驳回原因（创作者可见）' : '备注', required: rejecting, max: 200 }}
        onClose={() => setPending(null)}
        onSubmit={async ({ reason }) => {
          if (pending) await onDecide({ id: pending.row.id, decision: pending.decision, ...(reason ? { reason } : {}) });
        }}
      />
    </>
  );
}
