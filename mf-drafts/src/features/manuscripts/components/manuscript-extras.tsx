import { Image, List, Space, Tag, Typography } from 'antd';
import { EDITOR_KIND_LABELS, EditorKind, type EditorFields, type EditorKind as Kind } from 'shared-sdk/contract';

/**
 * What a kind shows beyond its body (docs/product.md §2 writing screens): a video's player, a gallery's or a
 * post's images with their captions, a collection's works in order. URLs come allow-listed from the
 * server (http(s) or our own storage).
 */
export function ManuscriptExtras({ type, fields }: { type: number; fields: EditorFields }) {
  if (type === EditorKind.VIDEO && fields.video.url) {
    return (
      <video
        src={fields.video.url}
        poster={fields.video.poster || undefined}
        controls
        width={600}
        style={{ maxWidth: '100%' }}
        data-testid="manuscript-video"
      />
    );
  }
  if ((type === EditorKind.GALLERY || type === EditorKind.POST) && fields.images.length) {
    return (
      <Image.PreviewGroup>
        <Space wrap size={12} data-testid="manuscript-images">
          {fields.images.map((image, index) => (
            <figure key={`${image.url}-${index}`} style={{ margin: 0, width: 160 }}>
              <Image src={image.url} width={160} height={120} style={{ objectFit: 'cover' }} alt={image.caption || `第${index + 1}张`} />
              {type === EditorKind.GALLERY ? (
                <figcaption>
                  {index === fields.cover_index ? <Tag color="blue">封面</Tag> : null}
                  <Typography.Text type="secondary">{image.caption}</Typography.Text>
                </figcaption>
              ) : null}
            </figure>
          ))}
        </Space>
      </Image.PreviewGroup>
    );
  }
  if (type === EditorKind.COLLECTION && fields.items.length) {
    return (
      <List
        size="small"
        header={`合集作品（${fields.items.length}）`}
        dataSource={fields.items}
        rowKey={(item) => item.nm_id}
        renderItem={(item, index) => (
          <List.Item>
            <Space>
              <span>{index + 1}.</span>
              <Tag>{EDITOR_KIND_LABELS[item.nm_type as Kind] ?? '作品'}</Tag>
              <span>{item.nm_title || '（已删除的作品）'}</span>
              {item.available ? null : <Tag color="orange">已不可用</Tag>}
            </Space>
          </List.Item>
        )}
      />
    );
  }
  return null;
}
