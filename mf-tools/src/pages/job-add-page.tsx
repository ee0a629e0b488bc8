import { useState } from 'react';
import { Alert, App, Card, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'shared-sdk/router';
import { ApiCode, failureCode, failureText, JobStatus } from 'shared-sdk';
import { useJobDetailQuery, useSaveJobMutation } from '../features/jobs/api';
import { JobForm } from '../features/jobs/components/job-form';

/** /tools/job/add: a new post, or `?id=` to edit mine (a closed post is read-only). */
export function JobAddPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const { data: job, error, isLoading } = useJobDetailQuery(id, { skip: !id });
  const [save, { isLoading: saving }] = useSaveJobMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const back = () => navigate('/tools/job/index');

  if (failureCode(error) === ApiCode.FORBIDDEN) return <Result status="403" title="未开通招聘管理工具" subTitle="如需使用招聘管理，请联系平台运营开通。" />;
  if (id && isLoading) return <Spin />;
  if (id && !job) return <Result status="404" title={failureText(error) ?? '职位不存在'} />;
  if (job?.status === JobStatus.CLOSED) return <Result status="info" title="已关闭的职位不能再修改" />;

  return (
    <Card title={id ? '编辑职位' : '发布职位'}>
      {refusal ? <Alert type="error" title={refusal} showIcon style={{ marginBottom: 16, maxWidth: 640 }} /> : null}
      <JobForm
        initial={job}
        submitting={saving}
        onCancel={back}
        onSubmit={async (values) => {
          setRefusal(null);
          const result = await save(id ? { ...values, id } : values);
          if ('error' in result) setRefusal(failureText(result.error));
          else {
            void message.success('保存成功');
            back();
          }
        }}
      />
    </Card>
  );
}
