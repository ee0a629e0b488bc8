import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { NEWSPAPERS, type NewspaperImport, type NewspaperImportRequest } from 'shared-sdk/contract';
import { FileUploadForm } from '../../components/file-upload-form';

/** The largest PDF the server takes (200 MB). */
export const PDF_MAX_BYTES = 200 * 1024 * 1024;

/** The import's own fields (the file is the shared form's). */
interface Fields {
  type: number;
  date: Dayjs;
}

export type ImportIssue = (request: NewspaperImportRequest, pdf: Blob, onProgress: (percent: number) => void) => Promise<NewspaperImport>;

/** A PDF by its name and first bytes' promise: the server checks the bytes again. */
export function pdfProblem(file: { name: string; size: number; type?: string }): string | null {
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return '请选择 PDF 文件';
  if (file.size === 0) return '文件是空的';
  if (file.size > PDF_MAX_BYTES) return 'PDF 不能超过 200 MB';
  return null;
}

/** Upload an issue's PDF for a paper and a day, with progress; a failure keeps the form as it was, a success keeps the paper and the day. */
export function ImportForm({ importIssue, onImported }: { importIssue: ImportIssue; onImported: (issue: NewspaperImport) => void }) {
  return (
    <FileUploadForm
      name="import"
      before={
        <>
          <Form.Item label="报纸" name="type" rules={[{ required: true, message: '请选择报纸' }]}>
            <Select options={NEWSPAPERS.map((paper) => ({ label: paper.label, value: paper.value }))} placeholder="请选择报纸" />
          </Form.Item>
          <Form.Item label="日期" name="date" rules={[{ required: true, message: '请选择日期' }]}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </>
      }
      file={{ label: 'PDF 文件', accept: 'application/pdf,.pdf', pick: '选择文件', missing: '请选择 PDF 文件' }}
      fileProblem={pdfProblem}
      submitText="上传并导入"
      failureFallback="导入失败，请重试"
      reset={[]}
      send={async (values, pdf, onProgress) => {
        const { type, date } = values as unknown as Fields;
        const issue = await importIssue({ type: type as NewspaperImportRequest['type'], date: date.format('YYYY-MM-DD') }, pdf, onProgress);
        onImported(issue);
        return `已导入 ${issue.paper} ${issue.date}，共 ${issue.pages} 版`;
      }}
    />
  );
}
