import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import type { Appeal, AppealDecideRequest } from 'shared-sdk/contract';
import { formatAge, formatTime, secondsSince } from '../../lib/age';
import { banText } from '../../lib/ban-text';
import { DecisionDialog } from '../../components/decision-dialog';

const STATUS_TEXT = { open: '待处理', lifted: '已解除封禁', kept: '维持封禁' } as const;

export interface AppealListProps {
  appeals: readonly Appeal[];
  canDecide: boolean;
  onDecide: (request: AppealDecideRequest) => Promise<void>;
}

/** Ban appeals: the creator's text beside the ban it contests; lift or keep it with a reply the creator receives. */
export function AppealList({ appeals, canDecide, onDecide }: AppealListProps) {
  const [pending, setPending] = useState<{ appeal: Appeal; decision: AppealDecideRequest['decision'] } | null>(null);
  if (appeals.length === 0) return <Empty description="没有申诉" />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {appeals.map((appeal) => (
        <Card
          key={appeal.id}
          data-testid="appeal-item"
          title={
            <Space>
              <span>
                {appeal.creator.nickname}（{appeal.creator.phone}）
              </span>
              <Tag>{STATUS_TEXT[appeal.status]}</Tag>
            </Space>
          }
          extra={appeal.status === 'open' ? `已等待 ${formatAge(secondsSince(appeal.created_at))}` : undefined}
          actions={
            canDecide && appeal.status === 'open'
              ? [
                  <Button key="lift" type="primary" onClick={() => setPending({ appeal, decision: 'lift' })}>
                    解除封禁
                  </Button>,
                  <Button key="keep" danger onClick={() => setPending({ appeal, decision: 'keep' })}>
                    维持封禁
                  </Button>,
                ]
              : undefined
          }
        >
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: 'text',
                label: '申诉内容',
                children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{appeal.text}</Typography.Paragraph>,
              },
              { key: 'ban', label: '封禁', children: banText(appeal.ban) },
              { key: 'reason', label: '封禁原因', children: appeal.ban.reason || '—' },
              { key: 'by', label: '封禁人', children: appeal.ban.created_by ?? '—' },
              { key: 'at', label: '申诉时间', children: formatTime(appeal.created_at) },
              ...(appeal.status !== 'open'
                ? [{ key: 'reply', label: '回复', children: `${appeal.reply}（${appeal.decided_by ?? ''} ${formatTime(appeal.decided_at)}）` }]
                : []),
            ]}
          />
        </Card>
      ))}
      <DecisionDialog
        open={pending !== null}
        title={pending?.decision === 'lift' ? '解除封禁' : '维持封禁'}
        description={pending && `${pending.appeal.creator.nickname} 的申诉：回复会作为消息发给创作者。`}
        okText={pending?.decision === 'lift' ? '确认解除' : '确认维持'}
        danger={pending?.decision === 'keep'}
        reason={{ label: '回复', required: true, max: 500 }}
        onClose={() => setPending(null)}
        onSubmit={async ({ reason }) => {
          if (pending) await onDecide({ id: pending.appeal.id, decision: pending.decision, reply: reason });
        }}
      />
    </Space>
  );
}
