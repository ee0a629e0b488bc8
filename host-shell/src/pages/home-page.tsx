import { Button, Card, Col, List, Progress, Row, Space, Statistic, Typography } from 'antd';
import { Link } from 'shared-sdk/router';
import { selectUser, useAppSelector } from 'shared-sdk';
import { CREATOR_LEVELS, SCORE_DIMENSIONS, type UserScoreAnswer, type UserScoreDetailAnswer } from 'shared-sdk/contract';
import { useRecentDraftsQuery, useUnreadTotalQuery, useUserScoreQuery } from '../features/shell/api';
import { CREATION_ITEMS, openCreation } from '../features/shell/creation';

const hasBreakdown = (score: UserScoreAnswer | undefined): score is UserScoreDetailAnswer => score !== undefined && 'dimensions' in score;

/** The creation score's dimensions, compact (no chart here: this page is in the first-load budget); the history is on /rights. */
function ScoreCard({ score }: { score: UserScoreDetailAnswer }) {
  const level = CREATOR_LEVELS.find((l) => l.level === score.level);
  return (
    <Card title="创作分" extra={<Link to="/rights">查看权益与历史</Link>}>
      <div data-testid="score-card">
      <Row gutter={24} align="middle">
        <Col>
          <Statistic title={`Lv${score.level} ${level?.name ?? ''}`} value={score.user_score} suffix="/ 100" />
        </Col>
        <Col flex="auto">
          {SCORE_DIMENSIONS.map((d) => (
            <Row key={d.code} gutter={8} align="middle" title={d.hint}>
              <Col style={{ width: 48 }}>{d.name}</Col>
              <Col flex="auto">
                <Progress percent={score.dimensions[d.code]} size="small" format={(value) => `${value ?? 0}`} aria-label={`${d.name} ${score.dimensions[d.code]}`} />
              </Col>
            </Row>
          ))}
        </Col>
      </Row>
      </div>
    </Card>
  );
}

/** /index: greeting, creation score, unread count, quick-create buttons, recent drafts. */
export function HomePage() {
  const user = useAppSelector(selectUser);
  const { data: score } = useUserScoreQuery(undefined);
  const { data: unread = 0 } = useUnreadTotalQuery();
  const { data: drafts, isFetching } = useRecentDraftsQuery(undefined);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={3}>你好，{user?.u_nickname ?? '创作者'}</Typography.Title>
        <Typography.Paragraph type="secondary">欢迎使用创作者中心。</Typography.Paragraph>
        <Row gutter={24}>
          <Col>
            <Statistic title="创作分" value={score?.user_score ?? 0} />
          </Col>
          <Col>
            <Link to="/notice">
              <Statistic title="未读通知" value={unread} />
            </Link>
          </Col>
        </Row>
      </Card>
      {hasBreakdown(score) ? <ScoreCard score={score} /> : null}
      <Card title="快速创作">
        <Space wrap>
          {CREATION_ITEMS.map((item) => (
            <Button key={item.key} onClick={() => openCreation(item)}>
              {item.label}
            </Button>
          ))}
        </Space>
      </Card>
      <Card title="最近草稿" extra={<Link to="/draft">全部草稿</Link>}>
        <List
          loading={isFetching}
          dataSource={drafts?.returnData ?? []}
          locale={{ emptyText: '暂无草稿' }}
          renderItem={(draft) => (
            <List.Item>
              <Link to={`/scriptDetail?draftId=${draft.nd_id}`}>{draft.nd_title || '无标题'}</Link>
              <Typography.Text type="secondary">{draft.nd_create_time}</Typography.Text>
            </List.Item>
          )}
        />
      </Card>
    </Space>
  );
}
