import { useState } from 'react';
import { Alert, App, Button, Card, Pagination, Result, Segmented } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'shared-sdk/router';
import { ApiCode, failureCode, failureText, JOB_STATUS_LABELS, type JobListRequest, type JobPost, JobStatus } from 'shared-sdk';
import { useListJobsQuery, useSetJobStatusMutation } from '../features/jobs/api';
import { JobTable } from '../features/jobs/components/job-table';

type StatusFilter = NonNullable<JobListRequest['status']>;
const FILTERS: { label: string; value: StatusFilter }[] = [
  { label: '全部', value: 0 },
  ...[JobStatus.OPEN, JobStatus.PAUSED, JobStatus.CLOSED].map((value) => ({ label: JOB_STATUS_LABELS[value] ?? String(value), value })),
];
const SIZE = 10;

/** /tools/job/index: my job posts by status, with the status actions; the server refuses without the oddjobs tool. */
export function JobListPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [status, setStatus] = useState<StatusFilter>(0);
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useListJobsQuery({ status, page, size: SIZE });
  const [changeStatus] = useSetJobStatusMutation();

  if (failureCode(error) === ApiCode.FORBIDDEN) return <Result status="403" title="未开通招聘管理工具" subTitle="如需使用招聘管理，请联系平台运营开通。" />;

  const onStatus = async (job: JobPost, next: JobStatus) => {
    const result = await changeStatus({ id: job.id, status: next });
    if ('error' in result) void message.error(failureText(result.error) ?? '操作失败');
    else void message.success(`已${next === 1 ? '恢复招聘' : next === 2 ? '暂停招聘' : '关闭职位'}`);
  };

  return (
    <Card
      title="招聘管理"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/tools/job/add')}>
          发布职位
        </Button>
      }
    >
      <Segmented<StatusFilter>
        options={FILTERS}
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        style={{ marginBottom: 16 }}
      />
      {error && failureText(error) ? <Alert type="error" title={failureText(error)} style={{ marginBottom: 16 }} /> : null}
      <JobTable
        jobs={data?.list ?? []}
        loading={isFetching}
        onEdit={(job) => navigate(`/tools/job/add?id=${job.id}`)}
        onStatus={(job, next) => void onStatus(job, next)}
      />
      {data && data.total > SIZE ? (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={SIZE}
          total={data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </Card>
  );
}
