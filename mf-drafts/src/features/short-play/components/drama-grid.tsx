import { Card, Empty, Typography } from 'antd';
import type { DramaSeries } from 'shared-sdk';
import { DramaCover } from './drama-cover';
import { DramaStatusTag } from './drama-status-tag';

export interface DramaGridProps {
  dramas: DramaSeries[];
  onOpen: (drama: DramaSeries) => void;
}

/** My series as cards: cover, title, episode count and status. */
export function DramaGrid({ dramas, onOpen }: DramaGridProps) {
  if (!dramas.length) return <Empty description="还没有短剧，点击“新建短剧”开始创作" />;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
      {dramas.map((drama) => (
        <Card key={drama.id} hoverable data-testid="drama-card" style={{ width: 182 }} styles={{ body: { padding: 16 } }} onClick={() => onOpen(drama)}>
          <DramaCover url={drama.cover_url} title={drama.title} />
          <div style={{ marginTop: 8, fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={drama.title}>
            {drama.title}
          </div>
          <div style={{ marginTop: 4, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
            <Typography.Text type="secondary">共{drama.episode_count}集</Typography.Text>
            <DramaStatusTag status={drama.status} />
          </div>
        </Card>
      ))}
    </div>
  );
}
