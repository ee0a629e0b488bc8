import { useState } from 'react';
import { Card, Typography } from 'antd';
import { useCan } from '../lib/operator-context';
import { type RightStatus, RightsTable } from '../features/tasks/rights-table';
import { CreateUserForm, DecideByIdForm, RestoreDraftForm, ScoreDailyForm } from '../features/tasks/task-forms';
import {
  useCreateUserMutation,
  useDecideManuscriptByIdMutation,
  useDecideMaterialByIdMutation,
  useDecideRightMutation,
  useRestoreDraftMutation,
  useRightListQuery,
  useScoreDailyMutation,
} from '../features/tasks/api';
import { LoadFailure } from '../components/load-failure';

/**
 * 运维: the command line's other tasks, each as the role allows: rights applications (read; decide:
 * moderators), a draft restored and a material or manuscript decided by id (moderators), a creator
 * account and a day's scores (admins).
 */
export function TasksPage() {
  const canModerate = useCan('moderate');
  const canAdmin = useCan('admin');
  const [status, setStatus] = useState<RightStatus | undefined>('pending');
  const rights = useRightListQuery({ size: 100, ...(status ? { status } : {}) });
  const [decideRight] = useDecideRightMutation();
  const [createUser] = useCreateUserMutation();
  const [restoreDraft] = useRestoreDraftMutation();
  const [decideMaterial] = useDecideMaterialByIdMutation();
  const [decideManuscript] = useDecideManuscriptByIdMutation();
  const [scoreDaily] = useScoreDailyMutation();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        运维
      </Typography.Title>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>权益申请</h2>} style={{ marginBottom: 24 }}>
        <LoadFailure query={rights} />
        <RightsTable
          applications={rights.data?.list ?? []}
          loading={rights.isFetching}
          status={status}
          onStatus={setStatus}
          canModerate={canModerate}
          onDecide={async (request) => void (await decideRight(request).unwrap())}
        />
      </Card>
      {canModerate && (
        <>
          <DecideByIdForm
            onDecide={async ({ target, id, decision, reason }) => {
              const body = { ids: String(id), reason };
              const results =
                target === 'material'
                  ? await decideMaterial({ ...body, decision: decision as 'approve' | 'reject' | 'review' }).unwrap()
                  : await decideManuscript({ ...body, decision: decision as 'approve' | 'reject' | 'offline' }).unwrap();
              return results[0] ?? { id, ok: false, message: '没有结果' };
            }}
          />
          <RestoreDraftForm onRestore={async (id) => (await restoreDraft({ id }).unwrap()).message} />
        </>
      )}
      {canAdmin && (
        <>
          <CreateUserForm
            onCreate={async (request) => {
              const user = await createUser(request).unwrap();
              return `已创建账号 ${user.phone}（编号 ${user.id}）${user.verified ? '，已实名认证' : ''}`;
            }}
          />
          <ScoreDailyForm onBuild={async (date) => (await scoreDaily(date ? { date } : {}).unwrap()).message} />
        </>
      )}
    </>
  );
}
