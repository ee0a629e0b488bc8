import { Button, Table } from 'antd';
import { type DramaEpisode, episodeEditorHref } from 'shared-sdk';

/** A series' episodes in episode order; 编辑 opens the episode editor in a new tab. */
export function EpisodeTable({ dramaId, episodes }: { dramaId: number; episodes: DramaEpisode[] }) {
  return (
    <Table<DramaEpisode>
      rowKey="id"
      dataSource={episodes}
      pagination={false}
      rowClassName={() => 'episode-row'}
      locale={{ emptyText: '还没有剧集，点击“新增剧集”上传第一集' }}
      columns={[
        { title: '集数', dataIndex: 'episode_no', width: 90, render: (n: number) => `第${n}集` },
        { title: '标题', dataIndex: 'title' },
        { title: '更新时间', dataIndex: 'update_time', width: 180 },
        {
          title: '操作',
          key: 'actions',
          width: 100,
          render: (_, episode) => (
            <Button type="link" size="small" onClick={() => window.open(episodeEditorHref(dramaId, episode.id), '_blank', 'noopener')}>
              编辑
            </Button>
          ),
        },
      ]}
    />
  );
}
