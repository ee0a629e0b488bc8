import { Alert, Button, Descriptions, Form, InputNumber, Table } from 'antd';
import { formatBytes, type StorageReport } from 'shared-sdk/contract';
import { formatTime } from '../../lib/age';

const KIND_LABELS: Record<string, string> = { image: '图片', video: '视频', audio: '音频', file: '文件' };

export interface StorageReportViewProps {
  report: StorageReport | undefined;
  loading: boolean;
  error: string;
  /** Makes the report (it walks the whole store, so only when asked). */
  onRun: (top: number) => void;
}

/** 存储 (admins): what the storage holds, by kind and by creator, open uploads and the orphans the next sweep removes. */
export function StorageReportView({ report, loading, error, onRun }: StorageReportViewProps) {
  return (
    <>
      <Form layout="inline" initialValues={{ top: 10 }} onFinish={({ top }: { top: number }) => onRun(top)} style={{ marginBottom: 16 }}>
        <Form.Item label="列出创作者数" name="top" rules={[{ required: true, message: '请输入 1–1000' }]}>
          <InputNumber min={1} max={1000} precision={0} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={loading}>
          {report ? '重新统计' : '生成报告'}
        </Button>
      </Form>
      {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 16 }} />}
      {!report && !error && <p>统计会遍历全部存储对象，需要时再生成。</p>}
      {report && (
        <div data-testid="storage-report">
          <Descriptions
            size="small"
            bordered
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'at', label: '统计时间', children: formatTime(report.at) },
              { key: 'total', label: '已上传', children: `${report.total.objects} 个对象，${formatBytes(report.total.bytes)}` },
              {
                key: 'open',
                label: '未完成的分片上传',
                children: report.open_uploads
                  ? `${report.open_uploads.uploads} 个（${report.open_uploads.creators} 位创作者），${formatBytes(report.open_uploads.bytes)}` +
                    (report.open_uploads.oldest_touched_at ? `，最早 ${formatTime(report.open_uploads.oldest_touched_at)}` : '')
                  : '不在此统计（OSS 存储桶由其生命周期规则清理）',
              },
              {
                key: 'orphans',
                label: `待清理（无记录引用且超过 ${report.expiry_days} 天）`,
                children: `${report.pending_orphans.objects} 个对象，${formatBytes(report.pending_orphans.bytes)}`,
              },
              {
                key: 'young',
                label: '暂无记录引用（未到期）',
                children: `${report.young_unnamed.objects} 个对象，${formatBytes(report.young_unnamed.bytes)}`,
              },
            ]}
          />
          <h2 style={{ fontSize: 16 }}>按类型</h2>
          <Table
            rowKey="kind"
            size="small"
            pagination={false}
            style={{ marginBottom: 16 }}
            dataSource={report.kinds}
            columns={[
              { title: '类型', dataIndex: 'kind', render: (kind: string) => KIND_LABELS[kind] ?? kind },
              { title: '对象数', dataIndex: 'objects' },
              { title: '大小', dataIndex: 'bytes', render: (bytes: number) => formatBytes(bytes) },
            ]}
          />
          <h2 style={{ fontSize: 16 }}>占用最多的创作者</h2>
          <Table
            rowKey="scope"
            size="small"
            pagination={false}
            locale={{ emptyText: '没有上传' }}
            dataSource={report.top}
            columns={[
              {
                title: '创作者',
                key: 'creator',
                render: (_: unknown, row) => (row.creator ? `${row.creator.nickname}（${row.creator.phone}）` : `${row.scope}（账号不存在）`),
              },
              { title: '对象数', dataIndex: 'objects' },
              { title: '大小', dataIndex: 'bytes', render: (bytes: number) => formatBytes(bytes) },
              {
                title: '未完成上传',
                key: 'open',
                render: (_: unknown, row) => (row.open_uploads.objects ? `${row.open_uploads.objects}（${formatBytes(row.open_uploads.bytes)}）` : '0'),
              },
            ]}
          />
        </div>
      )}
    </>
  );
}
