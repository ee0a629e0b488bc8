import { useMemo } from 'react';
import { Alert, Descriptions, Divider, Drawer, Result, Skeleton } from 'antd';
import { ManuscriptStatus } from 'shared-sdk/contract';
import { CoverGallery } from '../../../components/cover-gallery';
import { failureText } from 'shared-sdk';
import { sanitizeHtml } from 'shared-sdk/html';
import { useShowManuscriptQuery } from '../api/manuscript-api';
import { ManuscriptExtras } from './manuscript-extras';
import { ManuscriptStatusTag } from './manuscript-status-tag';
import { PlatformTags } from './platform-tags';

/** 查看: the manuscript as readers see it, its body sanitized like a draft's, and why it was refused when 未通过. */
export function ManuscriptView({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data, error, isFetching } = useShowManuscriptQuery(id ?? 0, { skip: !id });
  const body = useMemo(() => sanitizeHtml(data?.nm_content ?? ''), [data?.nm_content]);
  const shown = data && data.nm_id === id ? data : null;
  return (
    <Drawer open={id !== null} onClose={onClose} size={720} title={shown?.nm_title ?? '稿件详情'} destroyOnHidden>
      {isFetching && !shown ? (
        <Skeleton active />
      ) : error || !shown ? (
        <Result status="warning" title={failureText(error) ?? '稿件不存在或已删除'} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={2}
            items={[
              {
                key: 'status',
                label: '状态',
                children: <ManuscriptStatusTag type={shown.nm_type} status={shown.nm_status} reviewCode={shown.nm_review_code} />,
              },
              { key: 'created', label: '创建时间', children: shown.nm_create_time },
              { key: 'published', label: '发布时间', children: shown.nm_publish_time ?? '—' },
              { key: 'scheduled', label: '定时发布时间', children: shown.nm_scheduled_time ?? '—' },
              { key: 'platforms', label: '发布平台', span: 2, children: <PlatformTags platforms={shown.nm_platforms} /> },
            ]}
          />
          {shown.nm_status === ManuscriptStatus.REJECTED && shown.nm_reject_reason ? (
            <Alert type="error" showIcon title="未通过原因" description={shown.nm_reject_reason} style={{ margin: '12px 0' }} />
          ) : null}
          <CoverGallery covers={shown.nm_cover_url} width={200} height={112} />
          <Divider />
          {shown.nm_editor ? <ManuscriptExtras type={shown.nm_type} fields={shown.nm_editor} /> : null}
          <div className="manuscript-body" dangerouslySetInnerHTML={{ __html: body }} />
        </>
      )}
    </Drawer>
  );
}
