import type { ReactNode } from 'react';
import { Button, Layout, Menu, Space, Tag, Typography } from 'antd';
import { Link, useLocation } from 'shared-sdk/router';
import { type OperatorRole } from 'shared-sdk/contract';
import { OPERATOR_ROLE_LABELS, roleAllows } from 'shared-sdk/contract/operator-roles';
import { consolePath, SCREENS } from './screens';

const HEADER = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  background: '#fff',
  borderBottom: '1px solid #f0f0f0',
  padding: '0 24px',
} as const;

export interface SignedInOperator {
  name: string;
  role: string;
}

/** The screen whose menu entry is lit: the longest path the address starts with. */
function selectedKey(pathname: string): string {
  const match = SCREENS.filter((screen) => screen.path && pathname.startsWith(consolePath(screen.path))).map((screen) => screen.path);
  return match.sort((a, b) => b.length - a.length)[0] ?? '';
}

/** The console's own frame: its header (who is signed in, 退出登录) and menu; no part of the creators' shell. */
export function ConsoleLayout({ operator, onSignOut, children }: { operator: SignedInOperator; onSignOut: () => void; children: ReactNode }) {
  const { pathname } = useLocation();
  const items = SCREENS.filter((screen) => roleAllows(operator.role, screen.permission)).map((screen) => ({
    key: screen.path,
    icon: screen.icon,
    label: <Link to={consolePath(screen.path)}>{screen.label}</Link>,
  }));
  const roleLabel = OPERATOR_ROLE_LABELS[operator.role as OperatorRole] ?? operator.role;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={HEADER}>
        <Typography.Text strong style={{ fontSize: 18 }}>
          运营后台
        </Typography.Text>
        <Space>
          <span data-testid="console-operator">{operator.name}</span>
          <Tag>{roleLabel}</Tag>
          <Button onClick={onSignOut}>退出登录</Button>
        </Space>
      </Layout.Header>
      <Layout>
        <Layout.Sider width={200} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
          <nav aria-label="运营后台菜单">
            <Menu mode="inline" selectedKeys={[selectedKey(pathname)]} items={items} />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
