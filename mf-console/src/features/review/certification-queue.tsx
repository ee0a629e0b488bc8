import { useState } from 'react';
import { Button, Descriptions, Image, List, Space, Tag } from 'antd';
import type { CertificationDecideRequest, QueuedCertification } from 'shared-sdk/contract';
import { formatAge, formatTime, secondsSince } from '../../lib/age';
import { DecisionDialog } from '../../components/decision-dialog';

const KIND_TEXT = { enterprise: '企业认证', gov: '政务认证' } as const;
const STATUS_TEXT: Readonly<Record<number, string>> = { 2: '已提交', 3: '审核中' };

type Pending = { decision: CertificationDecideRequest['decision']; application: QueuedCertification } | null;

export interface CertificationQueueProps {
  applications: readonly QueuedCertification[];
  loading: boolean;
  canDecide: boolean;
  onDecide: (request: CertificationDecideRequest) => Promise<void>;
}

/** Enterprise and government-affairs applications waiting, oldest first, with their licence images. */
export function CertificationQueue({ applications, loading, canDecide, onDecide }: CertificationQueueProps) {
  const [pending, setPending] = useState<Pending>(null);
  const ask = (decision: CertificationDecideRequest['decision'], application: QueuedCertification) => setPending({ decision, application });
  return (
    <>
      <List
        loading={loading}
        dataSource={[...applications]}
        locale={{ emptyText: '没有等待审核的认证申请' }}
        renderItem={(item) => (
          <List.Item
            data-testid="certification-item"
            actions={
              canDecide
                ? [
                    ...(item.audit_status === 2
                      ? [
                          <Button key="review" size="small" onClick={() => ask('reviewing', item)}>
                            转审核中
                          </Button>,
                        ]
                      : []),
                    <Button key="approve" size="small" type="primary" onClick={() => ask('approve', item)}>
                      通过
                    </Button>,
                    <Button key="reject" size="small" danger onClick={() => ask('reject', item)}>
                      驳回
                    </Button>,
                  ]
                : []
            }
          >
            <Space align="start" size={24}>
              <Image src={item.licence_url} width={160} alt={`${item.org_name} 营业执照`} />
              <Descriptions
                size="small"
                column={1}
                title={
                  <Space>
                    <Tag>{KIND_TEXT[item.kind]}</Tag>
                    {item.org_name}
                    <Tag>{STATUS_TEXT[item.audit_status] ?? item.audit_status}</Tag>
                  </Space>
                }
                items={[
                  { key: 'code', label: '统一社会信用代码', children: item.credit_code },
                  { key: 'creator', label: '申请人', children: `${item.creator.nickname}（${item.creator.phone}）` },
                  { key: 'contact', label: '联系人', children: `${item.contact_name} ${item.contact_phone}` },
                  { key: 'at', label: '提交时间', children: `${formatTime(item.submitted_at)}（已等待 ${formatAge(secondsSince(item.submitted_at))}）` },
                ]}
              />
            </Space>
          </List.Item>
        )}
      />
      <DecisionDialog
        open={pending !== null}
        title={pending?.decision === 'reject' ? '驳回认证申请' : pending?.decision === 'reviewing' ? '转入审核中' : '通过认证申请'}
        description={
          pending &&
          `${KIND_TEXT[pending.application.kind]}：${pending.application.org_name}（申请人 ${pending.application.creator.nickname}）。申请人会收到消息。`
        }
        okText={pending?.decision === 'reject' ? '确认驳回' : '确定'}
        danger={pending?.decision === 'reject'}
        reason={pending?.decision === 'reject' ? { label: '驳回原因', required: true, max: 200 } : undefined}
        onClose={() => setPending(null)}
        onSubmit={async ({ reason }) => {
          if (!pending) return;
          await onDecide({
            user_id: pending.application.creator.id,
            kind: pending.application.kind,
            decision: pending.decision,
            ...(reason ? { reason } : {}),
          });
        }}
      />
    </>
  );
}
