import { Image, Space, Typography } from 'antd';

interface CoverGalleryProps {
  covers: readonly string[];
  width?: number;
  height?: number;
}

/** A content item's covers; a click previews them, several in one gallery. */
export function CoverGallery({ covers, width = 120, height = 68 }: CoverGalleryProps) {
  if (!covers.length) {
    return (
      <div className="drafts-no-cover" style={{ width, height, display: 'grid', placeItems: 'center', background: '#f5f5f5', borderRadius: 4 }}>
        <Typography.Text type="secondary">无封面</Typography.Text>
      </div>
    );
  }
  return (
    <Image.PreviewGroup>
      <Space size={8} wrap>
        {covers.map((url, index) => (
          <Image
            key={`${index}-${url.slice(-24)}`}
            src={url}
            width={width}
            height={height}
            alt={`封面${index + 1}`}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
