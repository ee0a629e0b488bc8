import { Card, Col, Row, Space, Spin, Statistic, Typography } from 'antd';
import { CREATOR_LEVELS } from 'shared-sdk/contract';
import { RightsPanel } from '../features/rights/components/rights-panel';
import { useRightsQuery } from '../features/rights/api';
import { useScoreHistoryQuery, useUserScoreDetailQuery } from '../features/score/api';
import { ScoreChart } from '../features/score/components/score-chart';
import { ScoreDimensions } from '../features/score/components/score-dimensions';

/** /rights: the creation score explained (dimensions, 30-day history), my level and the rights. */
export function RightsPage() {
  const { data: score } = useUserScoreDetailQuery();
  const { data: history } = useScoreHistoryQuery();
  const { data: rights } = useRightsQuery();
  if (!score || !rights) return <Spin />;
  const level = CREATOR_LEVELS.find((l) => l.level === score.level);
  const trend = score.previous_score === null ? null : score.user_score - score.previous_score;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="权益中心">
        <Row gutter={24}>
          <Col xs={24} md={8}>
            <Statistic title="今日创作分" value={score.user_score} suffix="/ 100" />
            <Typography.Paragraph>
              Lv{score.level} {level?.name}
              {trend === null ? null : <Typography.Text type={trend >= 0 ? 'success' : 'danger'}>{` 较昨日 ${trend >= 0 ? '+' : ''}${trend}`}</Typography.Text>}
            </Typography.Paragraph>
          </Col>
          <Col xs={24} md={16}>
            <ScoreDimensions dimensions={score.dimensions} />
          </Col>
        </Row>
      </Card>
      <Card title="近 30 天创作分">
        <ScoreChart points={history?.list ?? []} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          创作分每天更新：持续发布、提高审核通过率、获得读者互动会提高分数；被驳回、封禁和违规会降低分数。
        </Typography.Paragraph>
      </Card>
      <RightsPanel data={rights} />
    </Space>
  );
}
