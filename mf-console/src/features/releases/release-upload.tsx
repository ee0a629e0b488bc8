import { Form, Input, Typography } from 'antd';
import { FileUploadForm } from '../../components/file-upload-form';
import { RELEASE_ARCHIVE, RELEASE_REASON_MAX, type ReleaseRemote, type ReleaseUploaded, type ReleaseUploadRequest } from '../../api/releases';

export type UploadRelease = (request: ReleaseUploadRequest, archive: Blob, onProgress: (percent: number) => void) => Promise<ReleaseUploaded>;

/** What the server takes, told before sending: a .tar.gz (or .tgz), not empty, at most 64 MB. The server checks its content. */
export function archiveProblem(file: { name: string; size: number }): string | null {
  if (!/\.(tar\.gz|tgz)$/i.test(file.name)) return '请选择 dist/ 目录打包的 .tar.gz 归档';
  if (file.size === 0) return '文件是空的';
  if (file.size > RELEASE_ARCHIVE.maxBytes) return `归档不能超过 ${RELEASE_ARCHIVE.maxBytes / 1024 / 1024} MB`;
  return null;
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
  return (
    <section aria-label={`上传新版本 ${name}`} style={{ marginBottom: 24 }}>
      <h3 style={{ fontSize: 16 }}>上传新版本</h3>
      <Typography.Paragraph type="secondary">
        上传模块构建产物 dist/ 目录打包成的 .tar.gz 归档（最大 {RELEASE_ARCHIVE.maxBytes / 1024 / 1024} MB）。版本号取自归档里的
        routes.json，已发布的版本不能覆盖；上传后须另行灰度或全量发布。
      </Typography.Paragraph>
      {!canUpload && <Typography.Paragraph>你的角色不能上传新版本。</Typography.Paragraph>}
      <FileUploadForm
        name="upload"
        file={{ label: '构建归档', accept: '.tar.gz,.tgz,application/gzip', pick: '选择归档', missing: '请选择归档文件' }}
        fileProblem={archiveProblem}
        after={
          <Form.Item
            label="原因"
            name="reason"
            rules={[
              { required: true, whitespace: true, message: '请填写原因' },
              { max: RELEASE_REASON_MAX, message: `最多 ${RELEASE_REASON_MAX} 个字` },
            ]}
          >
            <Input maxLength={RELEASE_REASON_MAX} placeholder="例如：修复工具页白屏" />
          </Form.Item>
        }
        submitText="上传"
        failureTitle="上传未成功"
        failureFallback="上传失败，请重试"
        disabled={!canUpload}
        send={async ({ reason }, archive, onProgress) => {
          const release = await upload({ remote: name, reason: String(reason).trim() }, archive, onProgress);
          onUploaded(release);
          return `已发布 ${release.remote} ${release.version}，共 ${release.files} 个文件`;
        }}
      />
    </section>
  );
}
