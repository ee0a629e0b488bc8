import { Flex, Tag, Typography } from 'antd';
import { Link } from 'shared-sdk/router';
import { DRAFT_TABS_ALL, type Draft } from 'shared-sdk/contract';
import { CoverGallery } from '../../../components/cover-gallery';
import { DraftActions } from './draft-actions';

export const draftTypeLabel = (type: number): string => DRAFT_TABS_ALL.find((tab) => tab.value === type && type !== 0)?.label ?? '未知';

/** One draft: covers, title (to its detail), type, creation time, 修改 and 删除. */
export function DraftListItem({ draft }: { draft: Draft }) {
  return (
    <Flex gap={16} align="center" style={{ padding: '12px 0', borderBottom: '1px solid #f0f0f0' }} data-testid="draft-item">
      <CoverGallery covers={draft.nd_cover_url} />
      <Flex vertical gap={6} flex={1} style={{ minWidth: 0 }}>
        <Link to={`/scriptDetail?draftId=${draft.nd_id}`}>
          <Typography.Text strong ellipsis>
            {draft.nd_title || '无标题'}
          </Typography.Text>
        </Link>
        <Flex gap={8} align="center">
          <Tag>{draftTypeLabel(draft.nd_type)}</Tag>
          <Typography.Text type="secondary">创建时间：{draft.nd_create_time}</Typography.Text>
        </Flex>
      </Flex>
      <DraftActions draft={draft} />
    </Flex>
  );
}
