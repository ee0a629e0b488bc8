import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { CloseOutlined, NumberOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Tag } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { EDITOR_LIMITS, MaterialType, textLength, topicsOf, type EditorDocument, type GalleryImage } from 'shared-sdk/contract';
import { useField } from '../../../hooks/use-field';
import { htmlToPlainText, textToHtml } from '../../../lib/documents';
import { issueOf, type DocFormHandle, type DocFormProps } from '../../../types/doc-form';
import { MaterialPicker } from '../../../components/materials/material-picker';

/** /post: up to 2,000 characters with #话题# topics, and up to 9 images. */
export const PostForm = forwardRef<DocFormHandle, DocFormProps>(function PostForm({ initialDoc, onChange, issues }, ref) {
  const [text, setText] = useField(htmlToPlainText(initialDoc.content), onChange);
  const [images, setImages] = useField<GalleryImage[]>(initialDoc.images, onChange);
  const [picking, setPicking] = useState(false);
  const box = useRef<TextAreaRef>(null);

  useImperativeHandle(ref, () => ({ getDoc: (): EditorDocument => ({ ...initialDoc, content: textToHtml(text), images, covers: [] }) }), [
    initialDoc,
    text,
    images,
  ]);

  const insertTopic = () => {
    const area = box.current?.resizableTextArea?.textArea;
    const at = area?.selectionStart ?? text.length;
    setText(`${text.slice(0, at)}#话题#${text.slice(area?.selectionEnd ?? at)}`);
    setTimeout(() => {
      area?.focus();
      area?.setSelectionRange(at + 1, at + 3);
    });
  };

  const room = EDITOR_LIMITS.POST_IMAGES_MAX - images.length;
  return (
    <Form layout="vertical">
      <Form.Item validateStatus={issueOf(issues, 'content') ? 'error' : undefined} help={issueOf(issues, 'content')}>
        <Input.TextArea
          ref={box}
          aria-label="动态内容"
          placeholder="分享新鲜事，用 #话题# 参与讨论"
          rows={6}
          value={text}
          count={{ show: true, max: EDITOR_LIMITS.POST_TEXT_MAX, strategy: (value: string) => textLength(value) }}
          onChange={(event) => setText(event.target.value)}
        />
      </Form.Item>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<NumberOutlined />} onClick={insertTopic}>
          话题
        </Button>
        {topicsOf(text).map((topic) => (
          <Tag key={topic} color="blue">
            #{topic}#
          </Tag>
        ))}
      </Space>
      <Form.Item
        label={`图片（${images.length}/${EDITOR_LIMITS.POST_IMAGES_MAX}）`}
        validateStatus={issueOf(issues, 'images') ? 'error' : undefined}
        help={issueOf(issues, 'images')}
      >
        <Space wrap>
          {images.map((image, index) => (
            <div key={`${image.url}-${index}`} style={{ position: 'relative' }}>
              <img src={image.url} alt={`图片${index + 1}`} style={{ width: 100, height: 100, objectFit: 'cover', borderRadius: 6 }} />
              <Button
                size="small"
                shape="circle"
                aria-label={`删除图片${index + 1}`}
                icon={<CloseOutlined />}
                style={{ position: 'absolute', top: 4, right: 4 }}
                onClick={() => setImages(images.filter((_, at) => at !== index))}
              />
            </div>
          ))}
          {room > 0 && (
            <Button icon={<PlusOutlined />} style={{ width: 100, height: 100 }} onClick={() => setPicking(true)}>
              添加图片
            </Button>
          )}
        </Space>
      </Form.Item>
      <MaterialPicker
        open={picking}
        type={MaterialType.IMAGE}
        max={Math.max(1, room)}
        onCancel={() => setPicking(false)}
        onPick={(materials) => {
          setPicking(false);
          setImages([...images, ...materials.map((material) => ({ url: material.cm_url, caption: '' }))].slice(0, EDITOR_LIMITS.POST_IMAGES_MAX));
        }}
      />
    </Form>
  );
});
