import { useId, useState } from 'react';
import { Alert, Button, Form, Input, Progress, Typography, Upload, type UploadFile } from 'antd';
import { errorMessage } from '../common/error-message';
import { RELEASE_ARCHIVE, type ReleaseRemote, type ReleaseUploaded, type ReleaseUploadRequest } from './api';

export type UploadRelease = (request: ReleaseUploadRequest, archive: Blob, onProgress: (percent: number) => void) => Promise<ReleaseUploaded>;

/** What the server takes, told before sending: a .tar.gz (or .tgz), not empty, at most 64 MB. The server checks its content. */
export function archiveProblem(file: { name: string; size: number }): string | null {
  if (!/\.(tar\.gz|tgz)$/i.test(file.name)) return '请选择 dist/ 目录打包的 .tar.gz 归档';
  if (file.size === 0) return '文件是空的';
  if (file.size > RELEASE_ARCHIVE.maxBytes) return `归档不能超过 ${RELEASE_ARCHIVE.maxBytes / 1024 / 1024} MB`;
  return null;
}

interface Fields {
  file: UploadFile[];
  reason: string;
}

/**
 * 上传新版本: one archive of the remote's built dist/ (gzip-compressed tar), sent as the request body
 * as it is (never read into memory here), with progress; the server's verdict (published, the
 * version already exists, the archive refused and why) shown in the section. Disabled for a role
 * that may not release.
 */
export function ReleaseUploadSection({
  remote,
  canUpload,
  upload,
  onUploaded,
}: {
  remote: ReleaseRemote;
  canUpload: boolean;
  upload: UploadRelease;
  onUploaded: (release: ReleaseUploaded) => void;
}) {
  const name = remote.remote;
  const [form] = Form.useForm<Fields>();
  const formName = `upload${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  const submit = async ({ file, reason }: Fields) => {
    const archive = file[0]?.originFileObj;
    if (!archive) return;
    setError('');
    setDone('');
    setProgress(0);
    try {
      const release = await upload({ remote: name, reason: reason.trim() }, archive, setProgress);
      setDone(`已发布 ${release.remote} ${release.version}，共 ${release.files} 个文件`);
      form.resetFields();
      onUploaded(release);
    } catch (failure) {
      setError(errorMessage(failure, '上传失败，请重试'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section aria-label={`上传新版本 ${name}`} style={{ marginBottom: 24 }}>
      <h3 style={{ fontSize: 16 }}>上传新版本</h3>
      <Typography.Paragraph type="secondary">
        上传模块构建产物 dist/ 目录打包成的 .tar.gz 归档（最大 64 MB）。版本号取自归档里的 routes.json，已发布的版本不能覆盖；上传后须另行灰度或全量发布。
      </Typography.Paragraph>
      {!canUpload && <Typography.Paragraph>你的角色不能上传新版本。</Typography.Paragraph>}
      {error && <Alert type="error" role="alert" title="上传未成功" description={error} style={{ marginBottom: 16 }} />}
      {done && <Alert type="success" role="status" title={done} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name={formName}
        layout="vertical"
        requiredMark={false}
        disabled={!canUpload}
        onFinish={(fields) => void submit(fields)}
        style={{ maxWidth: 480 }}
      >
        <Form.Item
          label="构建归档"
          name="file"
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[
            { required: true, type: 'array', min: 1, message: '请选择归档文件' },
            {
              validator: async (_rule, list?: UploadFile[]) => {
                const file = list?.[0]?.originFileObj;
                const problem = file && archiveProblem(file);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          {/* Kept as the File the browser picked: sent as is, streamed from disk. */}
          <Upload accept=".tar.gz,.tgz,application/gzip" beforeUpload={() => false} maxCount={1}>
            <Button>选择归档</Button>
          </Upload>
        </Form.Item>
        <Form.Item
          label="原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请填写原因' },
            { max: 200, message: '最多 200 个字' },
          ]}
        >
          <Input maxLength={200} placeholder="例如：修复工具页白屏" />
        </Form.Item>
        {progress !== null && <Progress percent={progress} aria-label="上传进度" />}
        <Button type="primary" htmlType="submit" loading={progress !== null} autoInsertSpace={false}>
          上传
        </Button>
      </Form>
    </section>
  );
}
