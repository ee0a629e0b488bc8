import { useMemo } from 'react';
import { Typography, theme } from 'antd';
import { sanitizeHtml } from 'shared-sdk/html';
import { EditorKind, type EditorDocument } from 'shared-sdk/contract';

/** A document as readers will see it: its HTML through the same sanitizer as every stored body. */
export function DocumentView({ doc }: { doc: EditorDocument }) {
  const body = useMemo(() => sanitizeHtml(doc.content), [doc.content]);
  const { token } = theme.useToken();
  return (
    <article data-testid="document-view" style={{ maxWidth: 680, margin: '0 auto', lineHeight: 1.8, fontSize: 16 }}>
      {doc.title && <Typography.Title level={3}>{doc.title}</Typography.Title>}
      {doc.type === EditorKind.VIDEO && doc.video.url && (
        <video src={doc.video.url} poster={doc.video.poster || undefined} controls style={{ width: '100%' }} />
      )}
      {doc.summary && <Typography.Paragraph type="secondary">{doc.summary}</Typography.Paragraph>}
      <div dangerouslySetInnerHTML={{ __html: body }} />
      {doc.images.map((image, index) => (
        <figure key={`${image.url}-${index}`} style={{ margin: '12px 0' }}>
          <img src={image.url} alt={image.caption || `图片${index + 1}`} style={{ width: '100%' }} />
          {image.caption && <figcaption style={{ color: token.colorTextTertiary, fontSize: 14 }}>{image.caption}</figcaption>}
        </figure>
      ))}
    </article>
  );
}
