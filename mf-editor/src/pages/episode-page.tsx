import { Typography } from 'antd';
import { EpisodeForm } from '../features/episode/components/episode-form';

export function EpisodePage() {
  return (
    <>
      <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 16 }}>
        剧集
      </Typography.Title>
      <EpisodeForm />
    </>
  );
}
