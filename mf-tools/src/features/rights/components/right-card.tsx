import { Badge, Button, Card, Typography, theme } from 'antd';
import { RIGHT_STATE_TEXT, type RightState, type RightStatus } from 'shared-sdk/contract';

const STATUS: Record<RightState, 'default' | 'processing' | 'success' | 'error' | 'warning'> = {
  locked: 'default',
  available: 'warning',
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
};

export function RightCard({ right, applying, onApply }: { right: RightStatus; applying: boolean; onApply: () => void }) {
  const canApply = right.state === 'available' || right.state === 'rejected';
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      data-testid={`right-${right.code}`}
      title={right.name}
      extra={<Badge status={STATUS[right.state]} text={RIGHT_STATE_TEXT[right.state]} />}
    >
      <Typography.Paragraph type="secondary" style={{ minHeight: 44 }}>
        {right.description}
      </Typography.Paragraph>
      <Typography.Text style={{ fontSize: 12 }}>Lv{right.level} 可申请</Typography.Text>
      {right.state === 'rejected' && right.reason ? <Typography.Paragraph type="danger">未通过原因：{right.reason}</Typography.Paragraph> : null}
      {right.missing.length > 0 ? (
        <ul style={{ paddingLeft: 18, margin: '8px 0', fontSize: 12, color: token.colorTextTertiary }}>
          {right.missing.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
      {canApply ? (
        <Button type="primary" size="small" block loading={applying} onClick={onApply} style={{ marginTop: 8 }}>
          {right.state === 'rejected' ? '重新申请' : '申请开通'}
        </Button>
      ) : null}
    </Card>
  );
}
