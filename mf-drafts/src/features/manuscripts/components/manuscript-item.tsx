import { Button, Flex, Space, Typography } from 'antd';
import { manuscriptActions, type Manuscript } from 'shared-sdk/contract';
import { CoverGallery } from '../../../components/cover-gallery';
import { ManuscriptStatusTag } from './manuscript-status-tag';
import { PlatformTags } from './platform-tags';

export interface ManuscriptItemHandlers {
  onView: (item: Manuscript) => void;
  onEdit: (item: Manuscript) => void;
  onWithdraw: (item: Manuscript) => void;
  onDelete: (item: Manuscript) => void;
}

/** One manuscript: covers, title, status, platforms, times and the actions its state allows. */
export function ManuscriptItem({ item, handlers }: { item: Manuscript; handlers: ManuscriptItemHandlers }) {
  const allowed = manuscriptActions(item.nm_status);
  return (
    <Flex gap={16} align="center" style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }} data-testid="manuscript-item">
      <CoverGallery covers={item.nm_cover_url} />
      <Flex vertical gap={6} flex={1} style={{ minWidth: 0 }}>
        <Flex gap={8} align="center">
          <ManuscriptStatusTag type={item.nm_type} status={item.nm_status} reviewCode={item.nm_review_code} />
          <Typography.Link strong ellipsis onClick={() => handlers.onView(item)}>
            {item.nm_title || '无标题'}
          </Typography.Link>
        </Flex>
        <PlatformTags platforms={item.nm_platforms} />
        <Space size={16} wrap>
          <Typography.Text type="secondary">创建时间：{item.nm_create_time}</Typography.Text>
          {item.nm_publish_time && <Typography.Text type="secondary">发布时间：{item.nm_publish_time}</Typography.Text>}
          {item.nm_scheduled_time && <Typography.Text type="secondary">定时发布：{item.nm_scheduled_time}</Typography.Text>}
        </Space>
      </Flex>
      <Space size={0}>
        <Button type="link" onClick={() => handlers.onView(item)}>
          查看
        </Button>
        {allowed.edit && (
          <Button type="link" onClick={() => handlers.onEdit(item)}>
            修改
          </Button>
        )}
        {allowed.withdraw && (
          <Button type="link" onClick={() => handlers.onWithdraw(item)}>
            撤回
          </Button>
        )}
        {allowed.delete && (
          <Button type="link" danger onClick={() => handlers.onDelete(item)}>
            删除
          </Button>
        )}
      </Space>
    </Flex>
  );
}
