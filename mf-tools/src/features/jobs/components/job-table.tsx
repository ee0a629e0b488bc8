import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import { type JobPost, JOB_TRANSITIONS, JobStatus, formatSalary } from 'shared-sdk';
import { JobStatusTag } from './job-status-tag';

export interface JobTableProps {
  jobs: JobPost[];
  loading?: boolean;
  onEdit: (job: JobPost) => void;
  onStatus: (job: JobPost, status: JobStatus) => void;
}

/** My job posts; the actions offered are exactly the transitions the server allows (closed is final). */
export function JobTable({ jobs, loading, onEdit, onStatus }: JobTableProps) {
  const can = (job: JobPost, status: JobStatus) => JOB_TRANSITIONS[job.status]?.includes(status) ?? false;
  return (
    <Table<JobPost>
      rowKey="id"
      loading={loading}
      dataSource={jobs}
      pagination={false}
      rowClassName={() => 'job-row'}
      locale={{ emptyText: '还没有发布职位' }}
      columns={[
        { title: '职位名称', dataIndex: 'title' },
        { title: '月薪', key: 'salary', render: (_, job) => formatSalary(job.salary_min, job.salary_max) },
        { title: '城市', dataIndex: 'city' },
        { title: '招聘人数', dataIndex: 'headcount', render: (n: number) => `${n}人` },
        { title: '状态', dataIndex: 'status', render: (status: number) => <JobStatusTag status={status} /> },
        { title: '更新时间', dataIndex: 'update_time' },
        {
          title: '操作',
          key: 'actions',
          render: (_, job) =>
            job.status === JobStatus.CLOSED ? (
              <Typography.Text type="secondary">已关闭，不可操作</Typography.Text>
            ) : (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onEdit(job)}>
                  编辑
                </Button>
                {can(job, JobStatus.PAUSED) ? (
                  <Button type="link" size="small" onClick={() => onStatus(job, JobStatus.PAUSED)}>
                    暂停招聘
                  </Button>
                ) : null}
                {can(job, JobStatus.OPEN) ? (
                  <Button type="link" size="small" onClick={() => onStatus(job, JobStatus.OPEN)}>
                    恢复招聘
                  </Button>
                ) : null}
                <Popconfirm title="关闭后不可恢复，确定关闭该职位吗？" onConfirm={() => onStatus(job, JobStatus.CLOSED)} okText="关闭职位" cancelText="取消">
                  <Button type="link" size="small" danger>
                    关闭
                  </Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
    />
  );
}
