import { type ReactNode, useState } from 'react';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { type OperatorAccount, type OperatorAddRequest, type OperatorRole } from 'shared-sdk/contract';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES } from 'shared-sdk/contract/operator-roles';
import { formatTime } from '../../lib/age';
import { DecisionDialog } from '../../components/decision-dialog';
import { ShownOnce } from '../../components/shown-once';

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ label: OPERATOR_ROLE_LABELS[role], value: role }));

export interface OperatorTableProps {
  operators: readonly OperatorAccount[];
  loading: boolean;
  selfId: number;
  /** Answers the initial password, shown once. */
  onAdd: (request: OperatorAddRequest) => Promise<string>;
  onDisable: (request: { id: number; disabled: boolean; reason?: string }) => Promise<void>;
  /** More actions on another operator's row (role, second factor, password, sessions). */
  rowActions?: (row: OperatorAccount) => ReactNode;
}

/** Admins: every operator account; add one with a role, disable or re-enable one. */
export function OperatorTable({ operators, loading, selfId, onAdd, onDisable, rowActions }: OperatorTableProps) {
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<OperatorAccount | null>(null);
  const [initialPassword, setInitialPassword] = useState<string | null>(null);
  return (
    <>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setAdding(true)}>
        添加操作员
      </Button>
      <Table<OperatorAccount>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={[...operators]}
        pagination={false}
        columns={[
          { title: '账号', dataIndex: 'name' },
          { title: '角色', dataIndex: 'role', render: (role: OperatorRole) => OPERATOR_ROLE_LABELS[role] ?? role },
          {
            title: '状态',
            dataIndex: 'disabled',
            render: (disabled: boolean) => (disabled ? <Tag color="error">已停用</Tag> : <Tag color="success">正常</Tag>),
          },
          { title: '身份验证器', dataIndex: 'totp_enrolled', render: (enrolled: boolean) => (enrolled ? '已绑定' : '待首次登录绑定') },
          { title: '最近登录', dataIndex: 'last_sign_in_at', render: (at: string | null) => formatTime(at) },
          {
            title: '操作',
            key: 'actions',
            render: (_: unknown, row) =>
              row.id === selfId ? (
                '当前账号'
              ) : (
                <Space size={4} wrap>
                  <Button
                    autoInsertSpace={false}
                    size="small"
                    danger={!row.disabled}
                    onClick={() => setToggling(row)}
                    aria-label={`${row.disabled ? '启用' : '停用'} ${row.name}`}
                  >
                    {row.disabled ? '启用' : '停用'}
                  </Button>
                  {rowActions?.(row)}
                </Space>
              ),
          },
        ]}
      />
      <DecisionDialog
        open={adding}
        title="添加操作员"
        description="新操作员首次登录时绑定身份验证器。初始密码只显示一次。"
        okText="添加"
        onClose={() => setAdding(false)}
        onSubmit={async ({ name, role }) => setInitialPassword(await onAdd({ name: String(name).trim(), role: role as OperatorRole }))}
      >
        <Form.Item
          label="账号"
          name="name"
          rules={[
            { required: true, message: '请输入账号' },
            { pattern: /^\s*[A-Za-z0-9][A-Za-z0-9._-]{1,31}\s*$/, message: '2–32 位字母、数字或 . _ -，以字母或数字开头' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="角色" name="role" initialValue="moderator" rules={[{ required: true }]}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
      </DecisionDialog>
      <DecisionDialog
        open={toggling !== null}
        title={toggling?.disabled ? '启用操作员' : '停用操作员'}
        description={toggling && (toggling.disabled ? `启用 ${toggling.name}。` : `停用 ${toggling.name}：其登录和个人令牌立即失效。`)}
        okText={toggling?.disabled ? '确认启用' : '确认停用'}
        danger={!toggling?.disabled}
        reason={{ label: '原因', required: !toggling?.disabled, max: 200 }}
        onClose={() => setToggling(null)}
        onSubmit={async ({ reason }) => {
          if (toggling) await onDisable({ id: toggling.id, disabled: !toggling.disabled, ...(reason ? { reason } : {}) });
        }}
      />
      <ShownOnce title="初始密码" note="只显示这一次，请交给新操作员：" value={initialPassword} onClose={() => setInitialPassword(null)} />
    </>
  );
}
