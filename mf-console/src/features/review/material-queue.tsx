import { useState, type Key } from 'react';
import { Button, Image, Segmented, Space, Table, Tag } from 'antd';
import type { MaterialDecideRequest, QueuedMaterial } from 'shared-sdk/contract';
import { DecisionDialog } from '../../components/decision-dialog';
import { MATERIAL_CHECK_TEXT } from './decisions';
import { DecisionButtons, queueTableProps, submittedColumn } from './queue-table';

export type MaterialFilter = 0 | 1 | 4;

/** A waiting material's file: the image, or the video or audio playing in place. */
function MaterialPreview({ material }: { material: QueuedMaterial }) {
  if (material.media === 'image') return <Image src={material.url} width={120} height={90} style={{ objectFit: 'cover' }} alt={material.title} />;
  if (material.media === 'video') {
    return <video src={material.url} poster={material.icon_url || undefined} controls preload="metadata" width={200} aria-label={material.title} />;
  }
  if (material.media === 'audio') return <audio src={material.url} controls preload="metadata" aria-label={material.title} />;
  return (
    <a href={material.url} target="_blank" rel="noreferrer">
      查看文件
    </a>
  );
}

type Pending = { decision: MaterialDecideRequest['decision']; ids: number[] } | null;

export interface MaterialQueueProps {
  materials: readonly QueuedMaterial[];
  total: number;
  loading: boolean;
  filter: MaterialFilter;
  onFilter: (filter: MaterialFilter) => void;
  page: number;
  size: number;
  onPage: (page: number) => void;
  /** Moderators and admins decide; other roles only see. */
  canDecide: boolean;
  onDecide: (request: MaterialDecideRequest) => Promise<void>;
}

/** Materials waiting (未审核, 审核中), oldest first: approve, reject with a reason, or take into review, one or several at once. */
export function MaterialQueue({ materials, total, loading, filter, onFilter, page, size, onPage, canDecide, onDecide }: MaterialQueueProps) {
  const [selected, setSelected] = useState<Key[]>([]);
  const [pending, setPending] = useState<Pending>(null);
  const ask = (decision: MaterialDecideRequest['decision'], ids: number[]) => setPending({ decision, ids });
  const count = pending?.ids.length ?? 0;
  const titleOf = (id: number) => materials.find((material) => material.id === id)?.title ?? `#${id}`;
  const what = pending && (count === 1 ? `「${titleOf(pending.ids[0] ?? 0)}」` : `选中的 ${count} 个素材`);

  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented<MaterialFilter>
          aria-label="审核状态"
          value={filter}
          onChange={onFilter}
          options={[
            { label: '全部', value: 0 },
            { label: '未审核', value: 1 },
            { label: '审核中', value: 4 },
          ]}
        />
        {canDecide && (
          <>
            <Button type="primary" disabled={selected.length === 0} onClick={() => ask('approve', selected.map(Number))}>
              批量通过（{selected.length}）
            </Button>
            <Button danger disabled={selected.length === 0} onClick={() => ask('reject', selected.map(Number))}>
              批量驳回（{selected.length}）
            </Button>
          </>
        )}
      </Space>
      <Table<QueuedMaterial>
        {...queueTableProps<QueuedMaterial>({ canDecide, selected, onSelect: setSelected, page, size, total, onPage })}
        loading={loading}
        dataSource={[...materials]}
        locale={{ emptyText: '没有等待审核的素材' }}
        rowClassName={() => 'material-row'}
        columns={[
          { title: '文件', key: 'file', width: 220, render: (_: unknown, row) => <MaterialPreview material={row} /> },
          { title: '标题', dataIndex: 'title' },
          { title: '上传者', key: 'creator', render: (_: unknown, row) => `${row.creator.nickname}（${row.creator.phone}）` },
          { title: '状态', dataIndex: 'cm_check', width: 90, render: (check: number) => <Tag>{MATERIAL_CHECK_TEXT[check] ?? check}</Tag> },
          submittedColumn<QueuedMaterial>(),
          ...(canDecide
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 200,
                  render: (_: unknown, row: QueuedMaterial) => (
                    <Space wrap>
                      <DecisionButtons title={row.title} onApprove={() => ask('approve', [row.id])} onReject={() => ask('reject', [row.id])}>
                        {row.cm_check === 1 && (
                          <Button autoInsertSpace={false} size="small" onClick={() => ask('review', [row.id])} aria-label={`转审核中 ${row.title}`}>
                            转审核中
                          </Button>
                        )}
                      </DecisionButtons>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <DecisionDialog
        open={pending !== null}
        title={pending?.decision === 'reject' ? '驳回素材' : pending?.decision === 'review' ? '转入审核中' : '审核通过'}
        description={
          pending?.decision === 'reject'
            ? `驳回${what}：上传者会在操作记录和消息中看到原因。`
            : pending?.decision === 'review'
              ? `将${what}转入审核中。`
              : `确定通过${what}吗？`
        }
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
