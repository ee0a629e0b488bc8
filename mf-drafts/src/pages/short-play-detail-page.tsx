import { useEffect, useState } from 'react';
import { App, Button, Card, Descriptions, Result, Space, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'shared-sdk/router';
import { episodeEditorHref, failureText } from 'shared-sdk';
import { useDramaDetailQuery, useSaveDramaMutation } from '../features/short-play/api';
import { DramaCover } from '../features/short-play/components/drama-cover';
import { DramaFormDialog } from '../features/short-play/components/drama-form-dialog';
import { DramaStatusTag } from '../features/short-play/components/drama-status-tag';
import { EpisodeTable } from '../features/short-play/components/episode-table';
import { lacksAuthority } from '../features/short-play/failure';

/** /shortPlay/detail?id=: a series and its episodes in order; 新增剧集 opens the episode editor in a new tab. */
export function ShortPlayDetailPage() {
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const { data: drama, error, isLoading, refetch } = useDramaDetailQuery(id, { skip: !id });
  const [save, { isLoading: saving }] = useSaveDramaMutation();
  const [editing, setEditing] = useState(false);
  // Episodes are written in another tab (the episode editor): coming back shows them.
  useEffect(() => {
    if (!id) return undefined;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [id, refetch]);

  if (lacksAuthority(error)) return <Result status="403" title="未开通短剧权限" subTitle="如需发布短剧，请联系平台运营开通。" />;
  if (!id) return <Result status="404" title="短剧详情" subTitle="未指定短剧，请从短剧列表进入" />;
  if (isLoading) return <Spin />;
  if (!drama) return <Result status="404" title={failureText(error) ?? '短剧不存在'} />;

  return (
    <Card
      title={drama.title}
      extra={
        <Space>
          <Button onClick={() => setEditing(true)}>编辑短剧</Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => window.open(episodeEditorHref(drama.id), '_blank', 'noopener')}>
            新增剧集
          </Button>
        </Space>
      }
    >
      <div style={{ display: 'flex', gap: 24, marginBottom: 24 }}>
        <DramaCover url={drama.cover_url} title={drama.title} width={120} />
        <Descriptions column={1} size="small">
          <Descriptions.Item label="状态">
            <DramaStatusTag status={drama.status} />
          </Descriptions.Item>
          <Descriptions.Item label="剧集">共{drama.episode_count}集</Descriptions.Item>
          <Descriptions.Item label="简介">{drama.intro || '暂无简介'}</Descriptions.Item>
          <Descriptions.Item label="创建时间">{drama.create_time}</Descriptions.Item>
        </Descriptions>
      </div>
      <EpisodeTable dramaId={drama.id} episodes={drama.episodes} />
      <DramaFormDialog
        open={editing}
        initial={{ title: drama.title, cover_url: drama.cover_url, intro: drama.intro, status: drama.status }}
        submitting={saving}
        onCancel={() => setEditing(false)}
        onSubmit={async (values) => {
          const result = await save({ ...values, id: drama.id });
          if ('error' in result) void message.error(failureText(result.error) ?? '保存失败');
          else {
            void message.success('保存成功');
            setEditing(false);
          }
        }}
      />
    </Card>
  );
}
