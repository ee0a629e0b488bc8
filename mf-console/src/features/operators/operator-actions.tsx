import { useState } from 'react';
import { Button, Checkbox, Form, Select, Space } from 'antd';
import { type OperatorAccount, type OperatorRole } from 'shared-sdk/contract';
import { OPERATOR_ROLE_LABELS, OPERATOR_ROLES } from 'shared-sdk/contract/operator-roles';
import { DecisionDialog } from '../../components/decision-dialog';
import { ShownOnce } from '../../components/shown-once';

/** What an admin may do to another operator's account besides disabling it (each call audited with the reason). */
export type OperatorActionKind = 'role' | 'totp' | 'password' | 'sessions';

export interface OperatorAccountActions {
  setRole: (request: { id: number; role: OperatorRole; reason: string }) => Promise<void>;
  resetTotp: (request: { id: number; reason: string }) => Promise<void>;
  /** Answers the new password, shown once. */
  resetPassword: (request: { id: number; reason: string }) => Promise<string>;
  /** Answers how many sessions and tokens ended. */
  revokeSessions: (request: { id: number; tokens: boolean; reason: string }) => Promise<{ sessions: number; tokens: number }>;
}

const LABELS: Record<OperatorActionKind, string> = { role: '修改角色', totp: '重置验证器', password: '重置密码', sessions: '结束登录' };

/** The buttons of one operator's row (never the signed-in admin's own: the server refuses those anyway). */
export function OperatorActionButtons({
  operator,
  onPick,
}: {
  operator: OperatorAccount;
  onPick: (kind: OperatorActionKind, operator: OperatorAccount) => void;
}) {
  return (
    <Space size={4} wrap>
      {(Object.keys(LABELS) as OperatorActionKind[]).map((kind) => (
        <Button key={kind} size="small" autoInsertSpace={false} onClick={() => onPick(kind, operator)} aria-label={`${LABELS[kind]} ${operator.name}`}>
          {LABELS[kind]}
        </Button>
      ))}
    </Space>
  );
}

export interface OperatorActionDialogsProps {
  pending: { kind: OperatorActionKind; operator: OperatorAccount } | null;
  actions: OperatorAccountActions;
  onClose: () => void;
  /** A line saying what was done (shown by the page). */
  onDone: (text: string) => void;
}

/** The confirmation of each action, with the reason the audit trail records; a reset password is shown once. */
export function OperatorActionDialogs({ pending, actions, onClose, onDone }: OperatorActionDialogsProps) {
  const [shown, setShown] = useState<{ password: string; name: string } | null>(null);
  const target = pending?.operator;
  const name = target?.name ?? '';
  const reason = { label: '原因', required: true, max: 200 };
  return (
    <>
      <DecisionDialog
        open={pending?.kind === 'role'}
        title="修改角色"
        description={target && `${name} 当前为「${OPERATOR_ROLE_LABELS[target.role]}」，修改后其下一次操作即按新角色授权。`}
        okText="确认修改"
        reason={reason}
        onClose={onClose}
        onSubmit={async ({ role, reason: why }) => {
          if (!target) return;
          await actions.setRole({ id: target.id, role: role as OperatorRole, reason: why });
          onDone(`${name} 的角色已改为「${OPERATOR_ROLE_LABELS[role as OperatorRole]}」`);
        }}
      >
        <Form.Item label="新角色" name="role" rules={[{ required: true, message: '请选择新角色' }]}>
          <Select
            options={OPERATOR_ROLES.filter((role) => role !== target?.role).map((role) => ({ label: OPERATOR_ROLE_LABELS[role], value: role }))}
            placeholder="选择角色"
          />
        </Form.Item>
      </DecisionDialog>
      <DecisionDialog
        open={pending?.kind === 'totp'}
        title="重置身份验证器"
        description={`${name} 的身份验证器将被清除，其登录立即结束；下次登录时重新绑定（二维码只显示一次）。`}
        okText="确认重置"
        danger
        reason={reason}
        onClose={onClose}
        onSubmit={async ({ reason: why }) => {
          if (!target) return;
          await actions.resetTotp({ id: target.id, reason: why });
          onDone(`${name} 的身份验证器已重置，下次登录时重新绑定`);
        }}
      />
      <DecisionDialog
        open={pending?.kind === 'password'}
        title="重置密码"
        description={`为 ${name} 生成新密码（只显示一次），其在控制台的登录立即结束，个人令牌不受影响。`}
        okText="确认重置"
        danger
        reason={reason}
        onClose={onClose}
        onSubmit={async ({ reason: why }) => {
          if (!target) return;
          setShown({ password: await actions.resetPassword({ id: target.id, reason: why }), name });
          onDone(`${name} 的密码已重置`);
        }}
      />
      <DecisionDialog
        open={pending?.kind === 'sessions'}
        title="结束登录"
        description={`结束 ${name} 在控制台的全部登录。`}
        okText="确认结束"
        danger
        reason={reason}
        onClose={onClose}
        onSubmit={async ({ tokens, reason: why }) => {
          if (!target) return;
          const ended = await actions.revokeSessions({ id: target.id, tokens: Boolean(tokens), reason: why });
          onDone(`${name}：已结束 ${ended.sessions} 个登录${tokens ? `，吊销 ${ended.tokens} 个个人令牌` : ''}`);
        }}
      >
        <Form.Item name="tokens" valuePropName="checked">
          <Checkbox>同时吊销其个人令牌（命令行立即失去权限）</Checkbox>
        </Form.Item>
      </DecisionDialog>
      <ShownOnce title="新密码" note={`只显示这一次，请交给 ${shown?.name ?? ''}：`} value={shown?.password ?? null} onClose={() => setShown(null)} />
    </>
  );
}
