import { Card, Typography } from 'antd';
import { useChangePasswordMutation, useCreateTokenMutation, useRevokeTokenMutation, useTokenListQuery } from '../features/operators/api';
import { PasswordForm } from '../features/operators/password-form';
import { PersonalTokens } from '../features/operators/personal-tokens';
import { LoadFailure } from '../components/load-failure';

/** 我的账号: every operator's own personal tokens and password. */
export function AccountPage() {
  const tokens = useTokenListQuery({});
  const [create] = useCreateTokenMutation();
  const [revoke] = useRevokeTokenMutation();
  const [changePassword] = useChangePasswordMutation();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        我的账号
      </Typography.Title>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>个人令牌</h2>} style={{ marginBottom: 24 }}>
        <LoadFailure query={tokens} />
        <PersonalTokens
          tokens={tokens.data ?? []}
          loading={tokens.isFetching}
          onCreate={async (request) => (await create(request).unwrap()).token}
          onRevoke={async (id) => void (await revoke({ id }).unwrap())}
        />
      </Card>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>修改密码</h2>}>
        <PasswordForm onChange={async (request) => void (await changePassword(request).unwrap())} />
      </Card>
    </>
  );
}
