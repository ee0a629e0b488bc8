import { Form, Input } from 'antd';
import { EDITOR_LIMITS, textLength, type EditorIssue } from 'shared-sdk/contract';
import { issueOf } from '../types/doc-form';

const countChars = { strategy: (text: string) => textLength(text) };

/** The title every kind but the post has: 5–64 characters with a counter. */
export function TitleField({ value, onChange, issues }: { value: string; onChange: (value: string) => void; issues: readonly EditorIssue[] }) {
  return (
    <Form.Item validateStatus={issueOf(issues, 'title') ? 'error' : undefined} help={issueOf(issues, 'title')}>
      <Input
        size="large"
        aria-label="标题"
        placeholder={`请输入标题（${EDITOR_LIMITS.TITLE_MIN}～${EDITOR_LIMITS.TITLE_MAX}个字）`}
        value={value}
        count={{ ...countChars, show: true, max: EDITOR_LIMITS.TITLE_MAX }}
        onChange={(event) => onChange(event.target.value)}
      />
    </Form.Item>
  );
}

/** A plain-text field with a counter (descriptions, post text), stored as paragraphs of HTML. */
export function PlainTextField(props: {
  label: string;
  placeholder: string;
  max: number;
  rows?: number;
  value: string;
  onChange: (value: string) => void;
  help?: string;
}) {
  return (
    <Form.Item label={props.label} validateStatus={props.help ? 'error' : undefined} help={props.help}>
      <Input.TextArea
        aria-label={props.label}
        placeholder={props.placeholder}
        rows={props.rows ?? 4}
        value={props.value}
        count={{ ...countChars, show: true, max: props.max }}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </Form.Item>
  );
}
