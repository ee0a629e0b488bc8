import { forwardRef, useImperativeHandle, useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio, Typography } from 'antd';
import { EDITOR_LIMITS, MaterialType, type EditorDocument, type GalleryImage } from 'shared-sdk/contract';
import { SortableList } from '../../../components/sortable-list';
import { TitleField } from '../../../components/text-fields';
import { useField } from '../../../hooks/use-field';
import { issueOf, type DocFormHandle, type DocFormProps } from '../../../types/doc-form';
import { MaterialPicker } from '../../../components/materials/material-picker';

/** /graphWrite: 3–50 images from my library, a caption each, drag to reorder, the cover among them, a title. */
export const GalleryForm = forwardRef<DocFormHandle, DocFormProps>(function GalleryForm({ initialDoc, onChange, issues }, ref) {
  const [title, setTitle] = useField(initialDoc.title, onChange);
  const [images, setImages] = useField<GalleryImage[]>(initialDoc.images, onChange);
  // The cover follows its image when the order changes, so it is kept by URL while editing.
  const [coverUrl, setCoverUrl] = useField<string>(initialDoc.images[initialDoc.cover_index]?.url ?? '', onChange);
  const [picking, setPicking] = useState(false);
  const coverIndex = Math.max(
    0,
    images.findIndex((image) => image.url === coverUrl),
  );

  useImperativeHandle(
    ref,
    () => ({ getDoc: (): EditorDocument => ({ ...initialDoc, title, images, cover_index: images.length ? coverIndex : 0, covers: [], cover_mode: 1 }) }),
    [initialDoc, title, images, coverIndex],
  );

  const room = EDITOR_LIMITS.GALLERY_MAX - images.length;
  return (
    <Form layout="vertical">
      <TitleField value={title} onChange={setTitle} issues={issues} />
      <Form.Item
        label={`图片（${images.length}/${EDITOR_LIMITS.GALLERY_MAX}，至少${EDITOR_LIMITS.GALLERY_MIN}张）`}
        validateStatus={issueOf(issues, 'images') || issueOf(issues, 'cover_index') ? 'error' : undefined}
        help={issueOf(issues, 'images') ?? issueOf(issues, 'cover_index')}
      >
        <Radio.Group value={coverIndex} onChange={(event) => setCoverUrl(images[event.target.value as number]?.url ?? '')} style={{ width: '100%' }}>
          <SortableList
            label="图集图片"
            items={images}
            idOf={(image, index) => `${image.url}#${images.slice(0, index).filter((other) => other.url === image.url).length}`}
            onReorder={setImages}
            render={(image, index) => (
              <div style={{ display: 'flex', gap: 12, alignItems: 'center', flex: 1, padding: 8, border: '1px solid #f0f0f0', borderRadius: 6 }}>
                <img src={image.url} alt={`图片${index + 1}`} style={{ width: 96, height: 64, objectFit: 'cover', borderRadius: 4 }} />
                <Input
                  aria-label={`图片${index + 1}说明`}
                  placeholder="添加图片说明"
                  value={image.caption}
                  maxLength={EDITOR_LIMITS.CAPTION_MAX}
                  onChange={(event) => setImages(images.map((item, at) => (at === index ? { ...item, caption: event.target.value } : item)))}
                />
                <Radio value={index} aria-label={`设为封面 图片${index + 1}`}>
                  封面
                </Radio>
                <Button
                  type="text"
                  danger
                  aria-label={`删除图片${index + 1}`}
                  icon={<DeleteOutlined />}
                  onClick={() => setImages(images.filter((_, at) => at !== index))}
                />
              </div>
            )}
          />
        </Radio.Group>
        {images.length === 0 && <Typography.Paragraph type="secondary">还没有图片</Typography.Paragraph>}
        <Button icon={<PlusOutlined />} disabled={room <= 0} onClick={() => setPicking(true)} style={{ marginTop: 12 }}>
          从素材库添加图片
        </Button>
      </Form.Item>
      <MaterialPicker
        open={picking}
        type={MaterialType.IMAGE}
        max={Math.max(1, room)}
        title="添加图集图片"
        onCancel={() => setPicking(false)}
        onPick={(materials) => {
          setPicking(false);
          const next = [...images, ...materials.map((material) => ({ url: material.cm_url, caption: '' }))].slice(0, EDITOR_LIMITS.GALLERY_MAX);
          setImages(next);
          if (!coverUrl && next[0]) setCoverUrl(next[0].url);
        }}
      />
    </Form>
  );
});
