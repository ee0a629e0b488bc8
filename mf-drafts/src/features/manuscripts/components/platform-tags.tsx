import { Space, Tag, Typography } from 'antd';
import { PUBLISH_PLATFORMS } from 'shared-sdk/contract';

/** Where a manuscript went (docs/product.md §3 publishing platforms). */
export function PlatformTags({ platforms }: { platforms: readonly number[] }) {
  if (!platforms.length) return <Typography.Text type="secondary">未分发</Typography.Text>;
  return (
    <Space size={4} wrap>
      {platforms.map((code) => (
        <Tag key={code} bordered={false} color="blue">
          {PUBLISH_PLATFORMS[code] ?? `平台${code}`}
        </Tag>
      ))}
    </Space>
  );
}
