import { Card, List, Spin, Typography } from 'antd';
import { formatTime } from '../lib/age';
import { useConsoleHomeQuery } from '../features/queues/api';
import { QueueCards } from '../features/queues/queue-cards';
import { actionLabel } from '../features/audit/action-labels';
import { LoadFailure } from '../components/load-failure';

/** The console's home: what waits, for how long, and the latest actions. */
export function HomePage() {
  const home = useConsoleHomeQuery({}, { refetchOnMountOrArgChange: true });
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        首页
      </Typography.Title>
      <LoadFailure query={home} flush />
      {home.isLoading && <Spin aria-label="加载中" />}
      {home.data && (
        <>
          <QueueCards queues={home.data.queues} />
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>最近操作</h2>} style={{ marginTop: 24 }}>
            <List
              dataSource={home.data.recent}
              locale={{ emptyText: '暂无操作记录' }}
              renderItem={(entry) => (
                <List.Item>
                  {formatTime(entry.at)} {entry.operator} {actionLabel(entry.action)} {entry.target_type} {entry.target_id}
                  {entry.reason ? `（${entry.reason}）` : ''}
                </List.Item>
              )}
            />
          </Card>
        </>
      )}
    </>
  );
}
