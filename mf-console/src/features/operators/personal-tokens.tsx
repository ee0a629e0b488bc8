import { useState } from 'react';
import { Button, Form, Input, InputNumber } from 'antd';
import type { OperatorTokenCreateRequest, PersonalToken } from 'shared-sdk/contract';
import { DecisionDialog } from '../../components/decision-dialog';
import { ShownOnce } from '../../components/shown-once';
import { TokenTable } from '../../components/token-table';

export interface PersonalTokensProps {
  tokens: readonly PersonalToken[];
  loading: boolean;
  /** Answers the token itself, shown once. */
  onCreate: (request: OperatorTokenCreateRequest) => Promise<string>;
  onRevoke: (id: number) => Promise<void>;
}

/** The operator's own personal tokens for the command line: create (shown once), revoke. */
export function PersonalTokens({ tokens, loading, onCreate, onRevoke }: PersonalTokensProps) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<PersonalToken | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <>
      <Button style={{ marginBottom: 16 }} onClick={() => setCreating(true)}>
        创建个人令牌
      </Button>
      <TokenTable<PersonalToken> tokens={tokens} loading={loading} emptyText="没有个人令牌" stateColumn="revoke" onRevoke={setRevoking} />
      <DecisionDialog
        open={creating}
        title="创建个人令牌"
        description="命令行用它以你的身份和角色调用运营接口。令牌只显示一次。"
        okText="创建"
        onClose={() => setCreating(false)}
        onSubmit={async ({ name, expires_days }) =>
          setCreated(await onCreate({ name: String(name).trim(), ...(typeof expires_days === 'number' ? { expires_days } : {}) }))
        }
      >
        <Form.Item
          label="名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: 40, message: '最多 40 个字' },
          ]}
        >
          <Input placeholder="如 我的笔记本" />
        </Form.Item>
        <Form.Item label="有效天数（不填为 90 天）" name="expires_days">
          <InputNumber min={1} max={365} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </DecisionDialog>
      <DecisionDialog
        open={revoking !== null}
        title="吊销个人令牌"
        description={revoking && `吊销「${revoking.name}」（${revoking.hint}…）后，用它的命令行立即失去权限。`}
        okText="确认吊销"
        danger
        onClose={() => setRevoking(null)}
        onSubmit={async () => {
          if (revoking) await onRevoke(revoking.id);
        }}
      />
      <ShownOnce title="个人令牌" note="只显示这一次，请保存好（命令行：Authorization: Bearer 令牌）：" value={created} onClose={() => setCreated(null)} />
    </>
  );
}
