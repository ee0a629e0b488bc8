import { VideoCameraOutlined } from '@ant-design/icons';

/** A series' cover (3:4), or a placeholder while it has none. */
export function DramaCover({ url, title, width = 150 }: { url: string; title: string; width?: number }) {
  const size = { width, height: Math.round((width * 4) / 3), borderRadius: 6 };
  if (!url) {
    return (
      <div style={{ ...size, background: '#f0f0f0', display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#bbb', fontSize: 32 }}>
        <VideoCameraOutlined aria-label="暂无封面" />
      </div>
    );
  }
  return <img src={url} alt={`${title}封面`} style={{ ...size, objectFit: 'cover' }} />;
}
