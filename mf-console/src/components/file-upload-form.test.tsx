import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { renderWithProviders } from 'shared-sdk/testing';
import { FileUploadForm, type FileUploadValues } from './file-upload-form';

// antd forms in jsdom are slow on a loaded machine.
jest.setTimeout(120_000);

type Send = (values: FileUploadValues, file: File, onProgress: (percent: number) => void) => Promise<string>;

function renderForm(send: Send) {
  renderWithProviders(
    <FileUploadForm
      name="sample"
      file={{ label: '样例文件', accept: '.txt', pick: '选择样例', missing: '请选择样例文件' }}
      fileProblem={(file) => (file.name.endsWith('.txt') ? null : '请选择 .txt 文件')}
      after={
        <Form.Item label="备注" name="note" rules={[{ required: true, message: '请填写备注' }]}>
          <Input />
        </Form.Item>
      }
      submitText="上传"
      failureTitle="上传未成功"
      failureFallback="上传失败，请重试"
      send={send}
    />,
  );
}

const pick = async (name: string) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['abc'], name)] } });
  await screen.findByText(name);
};

describe('the console’s file upload form', () => {
  it('checks the file before sending, shows the progress, then what was done, and clears the form', async () => {
    const sent: Array<[string, string]> = [];
    let finish: (line: string) => void = () => undefined;
    let progress: (percent: number) => void = () => undefined;
    renderForm((values, file, onProgress) => {
      sent.push([String(values.note), file.name]);
      progress = onProgress;
      return new Promise((resolve) => (finish = resolve));
    });
    await pick('a.pdf');
    expect(await screen.findByText('请选择 .txt 文件')).toBeInTheDocument();
    await pick('a.txt');
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '第一版' } });
    fireEvent.click(screen.getByRole('button', { name: '上传' }));
    expect(await screen.findByRole('progressbar', { name: '上传进度' })).toBeInTheDocument();
    progress(40);
    expect(await screen.findByText('40%')).toBeInTheDocument();
    finish('已上传 a.txt');
    expect(await screen.findByRole('status')).toHaveTextContent('已上传 a.txt');
    expect(sent).toEqual([['第一版', 'a.txt']]);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('备注')).toHaveValue(''));
    expect(screen.queryByText('a.txt')).not.toBeInTheDocument();
  });

  it('shows the server’s verdict under its title and keeps what was typed and picked', async () => {
    renderForm(async () => Promise.reject(new Error('版本已发布，不可覆盖')));
    await pick('b.txt');
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '重发' } });
    fireEvent.click(screen.getByRole('button', { name: '上传' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('上传未成功');
    expect(alert).toHaveTextContent('版本已发布，不可覆盖');
    expect(screen.getByLabelText('备注')).toHaveValue('重发');
    expect(screen.getByText('b.txt')).toBeInTheDocument();
  });
});
