import { useContext } from 'react';
import { Alert, Typography } from 'antd';
import { failureText } from '../features/api/endpoint';
import { OperatorContext } from '../features/common/operator-context';
import { useAddOperatorMutation, useDisableOperatorMutation, useOperatorListQuery } from '../features/operators/api';
import { OperatorTable } from '../features/operators/operator-table';

/** 操作员 (admins): the operator accounts. */
export function OperatorsPage() {
  const self = useContext(OperatorContext);
  const list = useOperatorListQuery({});
  const [add] = useAddOperatorMutation();
  const [disable] = useDisableOperatorMutation();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        操作员
      </Typography.Title>
      {list.isError && <Alert type="error" role="alert" title={failureText(list.error)} style={{ marginBottom: 16 }} />}
      <OperatorTable
        operators={list.data ?? []}
        loading={list.isFetching}
        selfId={self?.id ?? 0}
        onAdd={async (request) => (await add(request).unwrap()).initial_password}
        onDisable={async (request) => void (await disable(request).unwrap())}
      />
    </>
  );
}
