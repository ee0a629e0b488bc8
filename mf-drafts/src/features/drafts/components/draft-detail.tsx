import { useMemo } from 'react';
import { Descriptions, Divider, Flex, Result, Skeleton, Typography } from 'antd';
import { useNavigate } from 'shared-sdk/router';
import { CoverGallery } from '../../../components/cover-gallery';
import { failureText } from 'shared-sdk';
import { sanitizeHtml } from 'shared-sdk/html';
import { useShowDraftQuery } from '../api/draft-api';
import { DraftActions } from './draft-actions';
import { draftTypeLabel } from './draft-list-item';

/** /scriptDetail?draftId=: the draft as it will read, its body sanitized, with 修改 and 删除. */
export function DraftDetail({ draftId }: { draftId: number | null }) {
  const navigate = useNavigate();
  const { data: draft, error, isLoading } = useShowDraftQuery(draftId ?? 0, { skip: !draftId });
  const body = useMemo(() => sanitizeHtml(draft?.nd_content ?? ''), [draft?.nd_content]);

  if (!draftId) return <Result status="warning" title="缺少草稿编号" />;
  if (isLoading) return <Skeleton active />;
  if (error || !draft) return <Result status="warning" title={failureText(error) ?? '草稿不存在或已删除'} />;

  return (
    <article>
      <Flex justify="space-between" align="flex-start" gap={16}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {draft.nd_title || '无标题'}
        </Typography.Title>
        <DraftActions draft={draft} onDeleted={() => navigate('/draft', { replace: true })} />
      </Flex>
      <Descriptions
        size="small"
        column={3}
        style={{ marginTop: 12 }}
        items={[
          { key: 'type', label: '类型', children: draftTypeLabel(draft.nd_type) },
          { key: 'created', label: '创建时间', children: draft.nd_create_time },
          { key: 'updated', label: '更新时间', children: draft.nd_update_time },
        ]}
      />
      <CoverGallery covers={draft.nd_cover_url} width={240} height={135} />
      <Divider />
      <div className="draft-body" data-testid="draft-body" dangerouslySetInnerHTML={{ __html: body }} />
    </article>
  );
}
