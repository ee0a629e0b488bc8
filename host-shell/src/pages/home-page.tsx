import { Button, Card, Col, List, Row, Space, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { selectUser, useAppSelector } from 'shared-sdk';
import { useRecentDraftsQuery, useUnreadTotalQuery, useUserScoreQuery } from '../features/shell/api';
import { CREATION_ITEMS, openCreation } from '../features/shell/creation';

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
