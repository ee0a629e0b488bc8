import { forwardRef, useImperativeHandle } from 'react';
import { Form } from 'antd';
import { EDITOR_LIMITS, type EditorDocument, type EditorVideo } from 'shared-sdk/contract';
import { PlainTextField, TitleField } from '../../../components/text-fields';
import { useField } from '../../../hooks/use-field';
import { htmlToPlainText, textToHtml } from '../../../lib/documents';
import { issueOf, type DocFormHandle, type DocFormProps } from '../../../types/doc-form';
import { ImageSlots } from '../../../components/materials/image-slots';
import { VideoField } from '../../../components/video-field';

/** /videoWrite: the video, title, cover (the video's poster unless another is chosen) and description. */
export const VideoForm = forwardRef<DocFormHandle, DocFormProps>(function VideoForm({ initialDoc, onChange, issues }, ref) {
  const [video, setVideo] = useField<EditorVideo>(initialDoc.video, onChange);
  const [title, setTitle] = useField(initialDoc.title, onChange);
  const [covers, setCovers] = useField<string[]>(initialDoc.covers, onChange);
  const [description, setDescription] = useField(htmlToPlainText(initialDoc.content), onChange);

  useImperativeHandle(
    ref,
    () => ({ getDoc: (): EditorDocument => ({ ...initialDoc, video, title, covers: covers.slice(0, 1), cover_mode: 1, content: textToHtml(description) }) }),
    [initialDoc, video, title, covers, description],
  );

  return (
    <Form layout="vertical">
      <Form.Item label="视频" validateStatus={issueOf(issues, 'video') ? 'error' : undefined} help={issueOf(issues, 'video')}>
        <VideoField
          video={video}
          onChange={(next) => {
            setVideo(next);
            if (next.poster && covers.length === 0) setCovers([next.poster]);
          }}
        />
      </Form.Item>
      <TitleField value={title} onChange={setTitle} issues={issues} />
      <Form.Item label="封面" validateStatus={issueOf(issues, 'covers') ? 'error' : undefined} help={issueOf(issues, 'covers')}>
        <ImageSlots label="封面" urls={covers} count={1} onChange={setCovers} />
      </Form.Item>
      <PlainTextField
        label="简介"
        placeholder="介绍一下这个视频"
        max={EDITOR_LIMITS.DESCRIPTION_MAX}
        value={description}
        onChange={setDescription}
        help={issueOf(issues, 'content')}
      />
    </Form>
  );
});
