import { useState } from 'react';
import { Badge, Button, Card, List, Tabs, Typography } from 'antd';
import { useMarkNoticesReadMutation, useNoticeListQuery } from '../../features/shell/api';
import type { NoticeTab } from '../../lib/shell-client';

export const NOTICE_TABS: readonly { key: NoticeTab; label: string }[] = [
  { key: '0', label: '系统通知' },
  { key: '1', label: '互动通知' },
  { key: 'community', label: '社区' },
];
export const NOTICE_PAGE_SIZE = 10;

/** /notice: the user's notices by tab, with paging; marking read refreshes the header badge at once. */
export function NoticePage() {
  const [type, setType] = useState<NoticeTab>('0');
  const [page, setPage] = useState(1);
  const { data, isFetching } = useNoticeListQuery({ type, page, size: NOTICE_PAGE_SIZE });
  const [markRead, { isLoading: marking }] = useMarkNoticesReadMutation();

  return (
    <Card
      title="消息通知"
      extra={
        <Button onClick={() => void markRead({ all: 1, type })} loading={marking}>
          全部已读
        </Button>
      }
    >
      <Tabs
        activeKey={type}
        items={NOTICE_TABS.map((tab) => ({ key: tab.key, label: tab.label }))}
        onChange={(key) => {
          setType(key as NoticeTab);
          setPage(1);
        }}
      />
      <List
        loading={isFetching}
        dataSource={data?.list ?? []}
        locale={{ emptyText: '暂无通知' }}
        pagination={{ current: page, pageSize: NOTICE_PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        renderItem={(item) => (
          <List.Item
            data-testid="notice-item"
            actions={
              item.read
                ? [
                    <Typography.Text key="read" type="secondary">
                      已读
                    </Typography.Text>,
                  ]
                : [
                    <Button key="mark" type="link" onClick={() => void markRead({ ids: String(item.id) })}>
                      标为已读
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={
                <span>
                  {item.read ? null : <Badge status="error" />} {item.title}
                </span>
              }
              description={
                <>
                  <div>{item.content}</div>
                  <Typography.Text type="secondary">{new Date(item.created_at).toLocaleString('zh-CN')}</Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
