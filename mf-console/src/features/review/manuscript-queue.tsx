import { useState, type Key } from 'react';
import { Button, Space, Table } from 'antd';
import { EDITOR_KIND_LABELS, type EditorKind, type ManuscriptDecideRequest, type QueuedManuscript } from 'shared-sdk/contract';
import { sanitizeHtml } from 'shared-sdk/html';
import { DecisionDialog } from '../../components/decision-dialog';
import { DecisionButtons, queueTableProps, submittedColumn } from './queue-table';

type Pending = { decision: 'approve' | 'reject'; ids: number[] } | null;

export interface ManuscriptQueueProps {
  manuscripts: readonly QueuedManuscript[];
  total: number;
  loading: boolean;
  page: number;
  size: number;
  onPage: (page: number) => void;
  canDecide: boolean;
  onDecide: (request: ManuscriptDecideRequest) => Promise<void>;
}

/** Manuscripts waiting for review (审核中), oldest first; the body readable in place (sanitized). */
export function ManuscriptQueue({ manuscripts, total, loading, page, size, onPage, canDecide, onDecide }: ManuscriptQueueProps) {
  const [selected, setSelected] = useState<Key[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const count = pending?.ids.length ?? 0;
  const what = pending && (count === 1 ? `「${manuscripts.find((item) => item.id === pending.ids[0])?.title ?? ''}」` : `选中的 ${count} 篇稿件`);

  return (
    <>
      {canDecide && (
        <Space style={{ marginBottom: 16 }}>
          <Button type="primary" disabled={selected.length === 0} onClick={() => setPending({ decision: 'approve', ids: selected.map(Number) })}>
            批量通过（{selected.length}）
          </Button>
          <Button danger disabled={selected.length === 0} onClick={() => setPending({ decision: 'reject', ids: selected.map(Number) })}>
            批量驳回（{selected.length}）
          </Button>
        </Space>
      )}
      <Table<QueuedManuscript>
        {...queueTableProps<QueuedManuscript>({ canDecide, selected, onSelect: setSelected, page, size, total, onPage })}
        loading={loading}
        dataSource={[...manuscripts]}
        locale={{ emptyText: '没有等待审核的稿件' }}
        expandable={{
          expandedRowRender: (row) => <div className="manuscript-body" dangerouslySetInnerHTML={{ __html: sanitizeHtml(row.content) }} />,
        }}
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '类型', dataIndex: 'type', width: 80, render: (type: number) => EDITOR_KIND_LABELS[type as EditorKind] ?? type },
          { title: '作者', key: 'creator', render: (_: unknown, row) => `${row.creator.nickname}（${row.creator.phone}）` },
          submittedColumn<QueuedManuscript>(),
          ...(canDecide
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 150,
                  render: (_: unknown, row: QueuedManuscript) => (
                    <Space>
                      <DecisionButtons
                        title={row.title}
                        onApprove={() => setPending({ decision: 'approve', ids: [row.id] })}
                        onReject={() => setPending({ decision: 'reject', ids: [row.id] })}
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <DecisionDialog
        open={pending !== null}
        title={pending?.decision === 'reject' ? '驳回稿件' : '审核通过'}
        description={pending?.decision === 'reject' ? `驳回${what}：作者会看到原因。` : `确定通过${what}吗？通过后即发布。`}
        okText={pending?.decision === 'reject' ? '确认驳回' : '确定'}
        danger={pending?.decision === 'reject'}
        reason={pending?.decision === 'reject' ? { label: '驳回原因', required: true, max: 200 } : undefined}
        onClose={() => setPending(null)}
        onSubmit={async ({ reason }) => {
          if (!pending) return;
          await onDecide({ ids: pending.ids.join(','), decision: pending.decision, ...(reason ? { reason } : {}) });
          setSelected((now) => now.filter((key) => !pending.ids.includes(Number(key))));
        }}
      />
    </>
  );
}
