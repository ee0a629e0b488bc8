import { useState } from 'react';
import { App, Card, Col, Progress, Row, Typography } from 'antd';
import { failureText } from 'shared-sdk';
import { CREATOR_LEVELS, type RightCode, type RightsAnswer } from 'shared-sdk/contract';
import { useApplyRightMutation } from '../api';
import { RightCard } from './right-card';

export function RightsPanel({ data }: { data: RightsAnswer }) {
  const { message } = App.useApp();
  const [apply] = useApplyRightMutation();
  const [applying, setApplying] = useState<RightCode | null>(null);
  const onApply = async (code: RightCode) => {
    setApplying(code);
    const result = await apply({ code });
    setApplying(null);
    if ('error' in result) {
      const text = failureText(result.error);
      if (text) void message.error(text);
    } else void message.success('申请已提交，请等待审核');
  };
  return (
    <>
      <Card title="我的等级" style={{ marginBottom: 16 }}>
        <Row gutter={8} data-testid="levels">
          {CREATOR_LEVELS.map((l) => (
            <Col key={l.level} flex={1}>
              <Progress aria-label={`Lv${l.level} ${l.name}`} percent={data.level >= l.level ? 100 : 0} showInfo={false} size="small" />
              <Typography.Text strong={data.level === l.level} type={data.level >= l.level ? undefined : 'secondary'}>
                Lv{l.level} {l.name}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {l.min_score} 分
              </Typography.Text>
            </Col>
          ))}
        </Row>
        <Typography.Paragraph style={{ marginTop: 16 }} data-testid="next-level">
          {data.next_missing.length === 0 ? '已达到最高等级' : `升级到 Lv${data.level + 1} 还需要：${data.next_missing.join('；')}`}
        </Typography.Paragraph>
      </Card>
      <Card title="权益">
        <Row gutter={[16, 16]}>
          {data.rights.map((right) => (
            <Col key={right.code} xs={24} sm={12} lg={8}>
              <RightCard right={right} applying={applying === right.code} onApply={() => void onApply(right.code)} />
            </Col>
          ))}
        </Row>
      </Card>
    </>
  );
}
