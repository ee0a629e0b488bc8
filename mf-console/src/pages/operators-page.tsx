import { useContext, useState } from 'react';
import { Alert, Typography } from 'antd';
import type { OperatorAccount } from 'shared-sdk/contract';
import { OperatorContext } from '../lib/operator-context';
import { useAddOperatorMutation, useDisableOperatorMutation, useOperatorListQuery } from '../features/operators/api';
import {
  useResetOperatorPasswordMutation,
  useResetOperatorTotpMutation,
  useRevokeOperatorSessionsMutation,
  useSetOperatorRoleMutation,
} from '../features/operators/account-api';
import { OperatorActionButtons, OperatorActionDialogs, type OperatorActionKind } from '../features/operators/operator-actions';
import { OperatorTable } from '../features/operators/operator-table';
import { ConnectedReleaseScope, ReleaseScopeButton } from '../features/operators/release-scope';
import { LoadFailure } from '../components/load-failure';

/** 操作员 (admins): the operator accounts. */
export function OperatorsPage() {
  const self = useContext(OperatorContext);
  const list = useOperatorListQuery({});
  const [add] = useAddOperatorMutation();
  const [disable] = useDisableOperatorMutation();
  const [setRole] = useSetOperatorRoleMutation();
  const [resetTotp] = useResetOperatorTotpMutation();
  const [resetPassword] = useResetOperatorPasswordMutation();
  const [revokeSessions] = useRevokeOperatorSessionsMutation();
  const [pending, setPending] = useState<{ kind: OperatorActionKind; operator: OperatorAccount } | null>(null);
  const [scoping, setScoping] = useState<OperatorAccount | null>(null);
  const [done, setDone] = useState('');
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        操作员
      </Typography.Title>
      <LoadFailure query={list} />
      {done && <Alert type="success" role="status" title={done} closable onClose={() => setDone('')} style={{ marginBottom: 16 }} />}
      <OperatorTable
        operators={list.data ?? []}
        loading={list.isFetching}
        selfId={self?.id ?? 0}
        onAdd={async (request) => (await add(request).unwrap()).initial_password}
        onDisable={async (request) => void (await disable(request).unwrap())}
        rowActions={(row) => (
          <>
            <OperatorActionButtons operator={row} onPick={(kind, operator) => setPending({ kind, operator })} />
            <ReleaseScopeButton operator={row} onPick={setScoping} />
          </>
        )}
      />
      <OperatorActionDialogs
        pending={pending}
        onClose={() => setPending(null)}
        onDone={setDone}
        actions={{
          setRole: async (request) => void (await setRole(request).unwrap()),
          resetTotp: async (request) => void (await resetTotp(request).unwrap()),
          resetPassword: async (request) => (await resetPassword(request).unwrap()).password,
          revokeSessions: async (request) => await revokeSessions(request).unwrap(),
        }}
      />
      <ConnectedReleaseScope operator={scoping} onClose={() => setScoping(null)} onDone={setDone} />
    </>
  );
}
