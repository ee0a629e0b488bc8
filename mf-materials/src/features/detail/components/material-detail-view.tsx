import { Breadcrumb, Descriptions, Image, Result, Spin, Typography } from 'antd';
import { useNavigate } from 'shared-sdk/router';
import { MaterialType } from 'shared-sdk';
import { useMaterialDetailQuery } from '../../../api/material-api';
import { MaterialActions } from '../../../components/material-actions';
import { DetailTabs } from './detail-tabs';
import { MaterialPlayer } from './material-player';

/** Where a deleted material's detail goes: my library (only own materials can be deleted). */
export const LIBRARY_AFTER_DELETE = '/material/0';

export function MaterialDetailView({ id }: { id: number }) {
  const { data, isLoading, error } = useMaterialDetailQuery(id, { skip: !id });
  const navigate = useNavigate();
  if (!id || error) return <Result status="404" subTitle="素材不存在或已删除" />;
  if (isLoading || !data) return <Spin />;
  return (
    <div>
      <Breadcrumb items={[{ title: <a href="/material/0">素材库</a> }, { title: '素材详情' }]} style={{ marginBottom: 16 }} />
      <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
        {data.cm_type === MaterialType.VIDEO ? (
          <MaterialPlayer url={data.cm_url} poster={data.cm_icon_url} title={data.cm_title} />
        ) : (
          <Image src={data.cm_url} alt={data.cm_title} width={600} style={{ maxHeight: 400, objectFit: 'contain' }} />
        )}
        <div style={{ flex: 1, minWidth: 280 }}>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="上传时间">{data.update_time}</Descriptions.Item>
            <Descriptions.Item label="上传者">{data.nick_name}</Descriptions.Item>
            <Descriptions.Item label="大小">{`${(data.size / 1024).toFixed(1)}kb`}</Descriptions.Item>
          </Descriptions>
          {/* Deleted: back to my library, as after adding; replace, so 返回 does not reopen the gone material. */}
          <MaterialActions material={data} showView={false} confirmDelete="dialog" onDeleted={() => void navigate(LIBRARY_AFTER_DELETE, { replace: true })} />
          <Typography.Title level={4}>{data.cm_title}</Typography.Title>
          <Typography.Paragraph>{data.other.describe}</Typography.Paragraph>
        </div>
      </div>
      <DetailTabs usages={data.manuscript} logs={data.logs} />
    </div>
  );
}
