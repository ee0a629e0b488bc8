import { useId, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Progress, Upload, type FormInstance, type UploadFile } from 'antd';
import { errorMessage } from '../lib/error-message';

/** The form's values: the picked file (kept as the File the browser picked) and the other fields. */
export type FileUploadValues = Record<string, unknown> & { file: UploadFile[] };

export interface FileUploadFormProps {
  /** A prefix of the form's name: its field ids are its own, whatever else the screen shows. */
  name: string;
  /** The file field: its label, what the picker takes, its button. */
  file: { label: string; accept: string; pick: string; missing: string };
  /** What is wrong with the picked file before sending (type, empty, too large); null: nothing. */
  fileProblem: (file: File) => string | null;
  /** Fields before the file (a paper and a day) and after it (a reason). */
  before?: ReactNode;
  after?: ReactNode;
  submitText: string;
  /** The error's title, with the server's verdict under it; absent: the verdict is the title. */
  failureTitle?: string;
  /** Said when the failure has no message of its own. */
  failureFallback: string;
  /** Fields cleared once sent (the file always); absent: all. */
  reset?: string[];
  disabled?: boolean;
  /** Sends the file with the values, reporting progress (0–100); resolves with the line saying what was done. */
  send: (values: FileUploadValues, file: File, onProgress: (percent: number) => void) => Promise<string>;
}

/**
 * A file sent to the server with a few fields: the file checked before sending, the progress while
 * it goes, the server's verdict after (what was done, or why not, with what was typed kept).
 * Shared by the console's uploads (a newspaper issue's PDF, a remote's build).
 */
export function FileUploadForm(props: FileUploadFormProps) {
  const { file, fileProblem, before, after, submitText, failureTitle, failureFallback, reset, disabled, send } = props;
  const [form] = Form.useForm<FileUploadValues>();
  const formName = `${props.name}${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const submit = async (values: FileUploadValues) => {
    const picked = values.file[0]?.originFileObj;
    if (!picked) return;
    setError('');
    setDone('');
    setProgress(0);
    try {
      const line = await send(values, picked, setProgress);
      setDone(line);
      form.resetFields(reset && ['file', ...reset]);
    } catch (failure) {
      setError(errorMessage(failure, failureFallback));
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      {error && <Alert type="error" role="alert" title={failureTitle ?? error} description={failureTitle && error} style={{ marginBottom: 16 }} />}
      {done && <Alert type="success" role="status" title={done} style={{ marginBottom: 16 }} />}
      <Form
        form={form as FormInstance}
        name={formName}
        layout="vertical"
        requiredMark={false}
        disabled={disabled}
        onFinish={(values: FileUploadValues) => void submit(values)}
        style={{ maxWidth: 480 }}
      >
        {before}
        <Form.Item
          label={file.label}
          name="file"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            { required: true, type: 'array', min: 1, message: file.missing },
            {
              validator: async (_rule, list?: UploadFile[]) => {
                const picked = list?.[0]?.originFileObj;
                const problem = picked && fileProblem(picked);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          {/* Kept as the File the browser picked: sent as is, streamed from disk. */}
          <Upload accept={file.accept} beforeUpload={() => false} maxCount={1}>
            <Button>{file.pick}</Button>
          </Upload>
        </Form.Item>
        {after}
        {progress !== null && <Progress percent={progress} aria-label="上传进度" />}
        <Button type="primary" htmlType="submit" loading={progress !== null} autoInsertSpace={false}>
          {submitText}
        </Button>
      </Form>
    </>
  );
}
