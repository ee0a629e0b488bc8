import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Progress, Select, Upload, type UploadFile } from 'antd';
import type { Dayjs } from 'dayjs';
import { NEWSPAPERS, type NewspaperImport, type NewspaperImportRequest } from 'shared-sdk/contract';
import { errorMessage } from '../common/error-message';

/** The largest PDF the server takes (200 MB). */
export const PDF_MAX_BYTES = 200 * 1024 * 1024;

interface Fields {
  type: number;
  date: Dayjs;
  file: UploadFile[];
}

export type ImportIssue = (request: NewspaperImportRequest, pdf: Blob, onProgress: (percent: number) => void) => Promise<NewspaperImport>;

/** A PDF by its name and first bytes' promise: the server checks the bytes again. */
export function pdfProblem(file: { name: string; size: number; type?: string }): string | null {
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return '请选择 PDF 文件';
  if (file.size === 0) return '文件是空的';
  if (file.size > PDF_MAX_BYTES) return 'PDF 不能超过 200 MB';
  return null;
}

/** Upload an issue's PDF for a paper and a day, with progress; a failure keeps the form as it was. */
export function ImportForm({ importIssue, onImported }: { importIssue: ImportIssue; onImported: (issue: NewspaperImport) => void }) {
  const [form] = Form.useForm<Fields>();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const submit = async ({ type, date, file }: Fields) => {
    const pdf = file[0]?.originFileObj;
    if (!pdf) return;
    setError('');
    setDone('');
    setProgress(0);
    try {
      const issue = await importIssue({ type: type as NewspaperImportRequest['type'], date: date.format('YYYY-MM-DD') }, pdf, setProgress);
      setDone(`已导入 ${issue.paper} ${issue.date}，共 ${issue.pages} 版`);
      form.resetFields(['file']);
      onImported(issue);
    } catch (failure) {
      setError(errorMessage(failure, '导入失败，请重试'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={(fields) => void submit(fields)} requiredMark={false} style={{ maxWidth: 480 }}>
      {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 16 }} />}
      {done && <Alert type="success" role="status" title={done} style={{ marginBottom: 16 }} />}
      <Form.Item label="报纸" name="type" rules={[{ required: true, message: '请选择报纸' }]}>
        <Select options={NEWSPAPERS.map((paper) => ({ label: paper.label, value: paper.value }))} placeholder="请选择报纸" />
      </Form.Item>
      <Form.Item label="日期" name="date" rules={[{ required: true, message: '请选择日期' }]}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        label="PDF 文件"
        name="file"
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={[
          { required: true, type: 'array', min: 1, message: '请选择 PDF 文件' },
          {
            validator: async (_rule, list?: UploadFile[]) => {
              const file = list?.[0]?.originFileObj;
              const problem = file && pdfProblem(file);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Upload accept="application/pdf,.pdf" beforeUpload={() => false} maxCount={1}>
          <Button>选择文件</Button>
        </Upload>
      </Form.Item>
      {progress !== null && <Progress percent={progress} aria-label="上传进度" />}
      <Button type="primary" htmlType="submit" loading={progress !== null}>
        上传并导入
      </Button>
    </Form>
  );
}
