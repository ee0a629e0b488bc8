import { useMemo } from 'react';
import { Descriptions, Divider, Drawer, Result, Skeleton } from 'antd';
import { CoverGallery } from '../../../components/cover-gallery';
import { failureText } from '../../../lib/request-failure';
import { sanitizeHtml } from 'shared-sdk/html';
import { useShowManuscriptQuery } from '../api/manuscript-api';
import { ManuscriptStatusTag } from './manuscript-status-tag';
import { PlatformTags } from './platform-tags';

/** 查看: the manuscript as readers see it, its body sanitized like a draft's. */
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
              { key: 'status', label: '状态', children: <ManuscriptStatusTag type={shown.nm_type} status={shown.nm_status} reviewCode={shown.nm_review_code} /> },
              { key: 'created', label: '创建时间', children: shown.nm_create_time },
              { key: 'published', label: '发布时间', children: shown.nm_publish_time ?? '—' },
              { key: 'scheduled', label: '定时发布时间', children: shown.nm_scheduled_time ?? '—' },
              { key: 'platforms', label: '发布平台', span: 2, children: <PlatformTags platforms={shown.nm_platforms} /> },
            ]}
          />
          <CoverGallery covers={shown.nm_cover_url} width={200} height={112} />
          <Divider />
          <div className="manuscript-body" dangerouslySetInnerHTML={{ __html: body }} />
        </>
      )}
    </Drawer>
  );
}
