import { useState } from 'react';
import { Pagination, Segmented, Spin, Typography } from 'antd';
import type { AppealListRequest } from 'shared-sdk/contract';
import { useAppealListQuery, useDecideAppealMutation } from '../features/appeals/api';
import { AppealList } from '../features/appeals/appeal-list';
import { useCan } from '../lib/operator-context';
import { LoadFailure } from '../components/load-failure';

type Status = NonNullable<AppealListRequest['status']>;
const SIZE = 20;

/** 申诉: ban appeals, open ones oldest first. */
export function AppealsPage() {
  const canDecide = useCan('moderate');
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  // Appeals arrive and are decided by others: opened again, the list is asked for anew.
  const list = useAppealListQuery({ status, page, size: SIZE }, { refetchOnMountOrArgChange: true });
  const [decide] = useDecideAppealMutation();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        申诉
      </Typography.Title>
      <Segmented<Status>
        aria-label="申诉状态"
        style={{ marginBottom: 16 }}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        options={[
          { label: '待处理', value: 'open' },
          { label: '已解除', value: 'lifted' },
          { label: '已维持', value: 'kept' },
        ]}
      />
      <LoadFailure query={list} />
      {list.isLoading ? (
        <Spin aria-label="加载中" />
      ) : (
        <AppealList
          appeals={list.data?.list ?? []}
          canDecide={canDecide}
          onDecide={async (request) => {
            await decide(request).unwrap();
          }}
        />
      )}
      {(list.data?.total ?? 0) > SIZE && (
        <Pagination style={{ marginTop: 16 }} current={page} pageSize={SIZE} total={list.data?.total ?? 0} onChange={setPage} showSizeChanger={false} />
      )}
    </>
  );
}
