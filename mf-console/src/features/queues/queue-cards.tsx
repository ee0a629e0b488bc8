import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'shared-sdk/router';
import type { QueueName, QueueSummary } from 'shared-sdk/contract';
import { formatAge } from '../../lib/age';

/** Each queue's name in the console and the screen that works it. */
export const QUEUE_TEXT: Readonly<Record<QueueName, { label: string; to: string }>> = {
  materials: { label: '待审素材', to: '/console/review?tab=materials' },
  manuscripts: { label: '待审稿件', to: '/console/review?tab=manuscripts' },
  enterprise: { label: '企业认证申请', to: '/console/review?tab=certifications' },
  gov: { label: '政务认证申请', to: '/console/review?tab=certifications' },
  appeals: { label: '封禁申诉', to: '/console/appeals' },
};

/** The queues' lengths and how long their oldest item has waited. */
export function QueueCards({ queues }: { queues: readonly QueueSummary[] }) {
  return (
    <Row gutter={[16, 16]}>
      {queues.map((queue) => {
        const text = QUEUE_TEXT[queue.queue];
        return (
          <Col key={queue.queue} xs={24} sm={12} lg={8} xl={6}>
            <Card data-testid={`queue-${queue.queue}`}>
              <Statistic title={text.label} value={queue.count} suffix="条" />
              <p style={{ margin: '8px 0' }}>最久等待：{queue.count > 0 ? formatAge(queue.oldest_age_seconds) : '—'}</p>
              <Link to={text.to}>去处理</Link>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
