import { forwardRef, useCallback, useImperativeHandle, useRef } from 'react';
import type { EmitterSource } from 'quill';
import { Checkbox, Form, Radio } from 'antd';
import { COVER_MODE_OPTIONS, EDITOR_LIMITS, type CoverMode, type EditorDocument } from 'shared-sdk/contract';
import { PlainTextField, TitleField } from '../../../components/text-fields';
import { useField } from '../../../hooks/use-field';
import { issueOf, type DocFormHandle, type DocFormProps } from '../../../types/doc-form';
import { RichEditor, type RichEditorHandle } from '../../../components/editor/rich-editor';
import { ImageSlots } from '../../../components/materials/image-slots';

/** /scriptWrite: title, body, cover mode with covers, summary and the original-work declaration. */
export const ArticleForm = forwardRef<DocFormHandle, DocFormProps>(function ArticleForm({ initialDoc, onChange, issues }, ref) {
  const editor = useRef<RichEditorHandle>(null);
  const bodyChanged = useCallback((source: EmitterSource) => source === 'user' && onChange(), [onChange]);
  const [title, setTitle] = useField(initialDoc.title, onChange);
  const [summary, setSummary] = useField(initialDoc.summary, onChange);
  const [coverMode, setCoverMode] = useField<CoverMode>(initialDoc.cover_mode, onChange);
  const [covers, setCovers] = useField<string[]>(initialDoc.covers, onChange);
  const [original, setOriginal] = useField(initialDoc.original, onChange);

  useImperativeHandle(
    ref,
    () => ({
      getDoc: (): EditorDocument => ({
        ...initialDoc,
        title,
        content: editor.current?.getHtml() ?? initialDoc.content,
        summary,
        cover_mode: coverMode,
        covers: covers.slice(0, coverMode),
        original,
      }),
    }),
    [initialDoc, title, summary, coverMode, covers, original],
  );

  return (
    <Form layout="vertical">
      <TitleField value={title} onChange={setTitle} issues={issues} />
      <Form.Item validateStatus={issueOf(issues, 'content') ? 'error' : undefined} help={issueOf(issues, 'content')}>
        <RichEditor ref={editor} defaultHtml={initialDoc.content} onChange={bodyChanged} />
      </Form.Item>
      <Form.Item label="封面" validateStatus={issueOf(issues, 'covers') ? 'error' : undefined} help={issueOf(issues, 'covers')}>
        <Radio.Group
          aria-label="封面模式"
          value={coverMode}
          options={COVER_MODE_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
          onChange={(event) => setCoverMode(event.target.value as CoverMode)}
        />
        {coverMode > 0 && (
          <div style={{ marginTop: 12 }}>
            <ImageSlots label="封面" urls={covers} count={coverMode} onChange={setCovers} />
          </div>
        )}
      </Form.Item>
      <PlainTextField
        label="摘要"
        placeholder={`选填，最多${EDITOR_LIMITS.SUMMARY_MAX}个字`}
        rows={3}
        max={EDITOR_LIMITS.SUMMARY_MAX}
        value={summary}
        onChange={setSummary}
        help={issueOf(issues, 'summary')}
      />
      <Form.Item>
        <Checkbox checked={original} onChange={(event) => setOriginal(event.target.checked)}>
          声明原创
        </Checkbox>
      </Form.Item>
    </Form>
  );
});
