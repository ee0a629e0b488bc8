import { useState } from 'react';
import { Button, Form, Input, InputNumber, Select, Typography } from 'antd';
import { DecisionDialog } from '../../components/decision-dialog';
import { ShownOnce } from '../../components/shown-once';
import { TokenTable } from '../../components/token-table';
import {
  RELEASE_ENV_NAME,
  RELEASE_REASON_MAX,
  RELEASE_TOKEN_DAYS,
  RELEASE_TOKEN_NAME_MAX,
  type ReleaseToken,
  type ReleaseTokenCreateRequest,
  useReleaseTokenCreateMutation,
  useReleaseTokenListQuery,
  useReleaseTokenRevokeMutation,
} from '../../api/releases';
import { LoadFailure } from '../../components/load-failure';

/** What the server says as it answers a new token (api-server's release-token-routes.ts), said here as the token is shown. */
const SHOWN_ONCE_NOTE = '令牌只显示这一次，请妥善保存（CI 请求头：Authorization: Bearer 令牌）：';

export interface ReleaseTokensProps {
  tokens: readonly ReleaseToken[];
  loading: boolean;
  /** The remotes the 发布 screen lists (an admin's: every remote), the ones a token may be for. */
  remotes: readonly string[];
  /** The server's environment, the form's first choice. */
  env: string;
  /** Answers the token itself, shown once. */
  onCreate: (request: ReleaseTokenCreateRequest) => Promise<string>;
  onRevoke: (request: { id: number; reason: string }) => Promise<void>;
}

/** Admins: CI release tokens (one remote, one environment each): the list, a new one (shown once), revoking one with a reason. */
export function ReleaseTokens({ tokens, loading, remotes, env, onCreate, onRevoke }: ReleaseTokensProps) {
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ReleaseToken | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <section aria-label="发布令牌">
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        发布令牌
      </Typography.Title>
      <p>CI 用发布令牌调用发布接口，每个令牌只能发布一个模块的一个环境。</p>
      <Button style={{ marginBottom: 16 }} onClick={() => setCreating(true)}>
        创建发布令牌
      </Button>
      <TokenTable<ReleaseToken>
        tokens={tokens}
        loading={loading}
        emptyText="没有发布令牌"
        details={[
          { title: '模块', dataIndex: 'remote' },
          { title: '环境', dataIndex: 'env' },
          { title: '创建人', dataIndex: 'created_by' },
        ]}
        neverUsed="未使用"
        onRevoke={setRevoking}
      />
      <DecisionDialog
        open={creating}
        title="创建发布令牌"
        description="令牌可发布所选模块在所选环境的版本（上传、灰度、全量、回滚），每次使用都记入操作记录。令牌只显示一次。"
        okText="创建"
        initialValues={{ env, expires_days: RELEASE_TOKEN_DAYS.default }}
        onClose={() => setCreating(false)}
        onSubmit={async ({ name, remote, env: environment, expires_days }) =>
          setCreated(
            await onCreate({
              name: String(name).trim(),
              remote: String(remote),
              env: String(environment).trim(),
              ...(typeof expires_days === 'number' ? { expires_days } : {}),
            }),
          )
        }
      >
        <Form.Item
          label="名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '请输入名称' },
            { max: RELEASE_TOKEN_NAME_MAX, message: `最多 ${RELEASE_TOKEN_NAME_MAX} 个字` },
          ]}
        >
          <Input placeholder="如 GitHub Actions mf-tools" autoComplete="off" />
        </Form.Item>
        <Form.Item label="模块" name="remote" rules={[{ required: true, message: '请选择模块' }]}>
          <Select options={remotes.map((remote) => ({ label: remote, value: remote }))} placeholder="选择模块" />
        </Form.Item>
        <Form.Item
          label="环境"
          name="env"
          rules={[
            { required: true, whitespace: true, message: '请输入环境' },
            { pattern: RELEASE_ENV_NAME, message: '小写字母开头，只含小写字母、数字和 -，如 production' },
          ]}
        >
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label={`有效天数（${RELEASE_TOKEN_DAYS.min}–${RELEASE_TOKEN_DAYS.max}，默认 ${RELEASE_TOKEN_DAYS.default}）`}
          name="expires_days"
          rules={[{ required: true, message: `请输入 ${RELEASE_TOKEN_DAYS.min}–${RELEASE_TOKEN_DAYS.max} 的天数` }]}
        >
          <InputNumber min={RELEASE_TOKEN_DAYS.min} max={RELEASE_TOKEN_DAYS.max} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </DecisionDialog>
      <DecisionDialog
        open={revoking !== null}
        title="吊销发布令牌"
        description={revoking && `吊销「${revoking.name}」（${revoking.hint}…，${revoking.remote} / ${revoking.env}）后，用它的 CI 下一次调用起即被拒绝。`}
        okText="确认吊销"
        danger
        reason={{ label: '原因', required: true, max: RELEASE_REASON_MAX }}
        onClose={() => setRevoking(null)}
        onSubmit={async ({ reason }) => {
          if (revoking) await onRevoke({ id: revoking.id, reason });
        }}
      />
      <ShownOnce title="发布令牌" note={SHOWN_ONCE_NOTE} value={created} onClose={() => setCreated(null)} />
    </section>
  );
}

/** The 发布 screen's 发布令牌 section over its calls (the page shows it to admins only). */
export function ConnectedReleaseTokens({ remotes, env }: { remotes: readonly string[]; env: string }) {
  const list = useReleaseTokenListQuery({});
  const [create] = useReleaseTokenCreateMutation();
  const [revoke] = useReleaseTokenRevokeMutation();
  return (
    <>
      <LoadFailure query={list} />
      <ReleaseTokens
        tokens={list.data ?? []}
        loading={list.isFetching}
        remotes={remotes}
        env={env}
        onCreate={async (request) => (await create(request).unwrap()).token}
        onRevoke={async (request) => void (await revoke(request).unwrap())}
      />
    </>
  );
}
