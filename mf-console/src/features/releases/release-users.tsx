import { useId, useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, Table, Typography } from 'antd';
import { RELEASE_USER_ID_PATTERN } from 'shared-sdk/contract/release-values';
import { DecisionDialog } from '../../components/decision-dialog';
import { errorMessage } from '../../lib/error-message';
import { RELEASE_REASON_MAX, type ReleaseRemote } from '../../api/releases';

/**
 * The per-user release steps: QA users (the `?mf` override) and pins, each audited with its own
 * reason: adding and pinning ask for it in their forms, removing and unpinning in their confirmation.
 */
export interface ReleaseUserSteps {
  qa: (request: { remote: string; user: string; allowed: boolean; reason: string }) => Promise<void>;
  pin: (request: { remote: string; user: string; version: string; reason: string }) => Promise<void>;
  unpin: (request: { remote: string; user: string; reason: string }) => Promise<void>;
}

/** Creators' user ids (what the rollout keys QA users and pins by): the API's own pattern. */
export const USER_ID = new RegExp(RELEASE_USER_ID_PATTERN);

const userRules = [
  { required: true, whitespace: true, message: '请输入用户编号' },
  { pattern: USER_ID, message: '用户编号须为正整数' },
];
const reasonRules = [
  { required: true, whitespace: true, message: '请填写原因' },
  { max: RELEASE_REASON_MAX, message: `最多 ${RELEASE_REASON_MAX} 个字` },
];
/** The reason a removal's (an unpin's) confirmation asks for, as the forms ask theirs. */
const confirmReason = { label: '原因', required: true, max: RELEASE_REASON_MAX };

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** A form name of this section's own: every remote's tab has the same fields, and a label names only its own. */
const useFormName = (prefix: string) => `${prefix}${useId().replace(/[^A-Za-z0-9]/g, '')}`;

interface SectionProps {
  remote: ReleaseRemote;
  steps: ReleaseUserSteps;
  /** The operator's role may release (the server checks the remote's scope anyway). */
  canEdit: boolean;
  /** A line saying what was done. */
  onDone: (text: string) => void;
}

/**
 * Runs one step from a section's form: the reason (and the fields named) checked first, the
 * server's refusal shown in the section, what was typed kept.
 */
function useStep(form: ReturnType<typeof Form.useForm>[0]) {
  const [error, setError] = useState('');
  const run = async (fields: string[], call: (values: Record<string, string>) => Promise<string>, onDone: (text: string) => void) => {
    let values: Record<string, string>;
    try {
      values = (await form.validateFields(fields)) as Record<string, string>;
    } catch {
      return;
    }
    setError('');
    try {
      onDone(await call(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value ?? '').trim()]))));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return { error, run };
}

/** 测试用户: who may choose any published version with `?mf`; add by user id, remove after a confirmation. */
export function QaUsersSection({ remote, steps, canEdit, onDone }: SectionProps) {
  const name = remote.remote;
  const [form] = Form.useForm();
  const { error, run } = useStep(form);
  const [busy, setBusy] = useState(false);
  const formName = useFormName('qa');
  // The user of the last removal asked for, kept while its dialog closes.
  const [removal, setRemoval] = useState({ user: '', open: false });
  const add = () =>
    run(
      ['user', 'reason'],
      async ({ user = '', reason = '' }) => {
        setBusy(true);
        try {
          await steps.qa({ remote: name, user, allowed: true, reason });
        } finally {
          setBusy(false);
        }
        form.resetFields();
        return `用户 ${user} 已加入 ${name} 的测试用户`;
      },
      onDone,
    );
  return (
    <section aria-label={`测试用户 ${name}`} style={{ marginBottom: 24 }}>
      <h3 style={{ fontSize: 16 }}>测试用户</h3>
      <Typography.Paragraph type="secondary">测试用户可在页面地址上加 ?mf= 参数，选用这个模块的任意已发布版本。</Typography.Paragraph>
      {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 16 }} />}
      {remote.qa_users.length ? (
        <ul aria-label={`${name} 的测试用户`} style={{ paddingLeft: 20 }}>
          {remote.qa_users.map((user) => (
            <li key={user}>
              <Space>
                <span>{`用户 ${user}`}</span>
                {canEdit && (
                  <Button size="small" danger autoInsertSpace={false} aria-label={`移除测试用户 ${user}`} onClick={() => setRemoval({ user, open: true })}>
                    移除
                  </Button>
                )}
              </Space>
            </li>
          ))}
        </ul>
      ) : (
        <p>还没有测试用户</p>
      )}
      {canEdit && (
        <Form form={form} name={formName} layout="inline" requiredMark={false} onFinish={() => void add()}>
          <Form.Item label="用户编号" name="user" rules={userRules} normalize={trimmed}>
            <Input inputMode="numeric" placeholder="例如 1024" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="原因" name="reason" rules={reasonRules}>
            <Input maxLength={RELEASE_REASON_MAX} placeholder="为什么加入，例如：验收新版" style={{ width: 260 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={busy}>
              添加测试用户
            </Button>
          </Form.Item>
        </Form>
      )}
      {canEdit && (
        <DecisionDialog
          open={removal.open}
          title={`移除测试用户：用户 ${removal.user}`}
          description={`用户 ${removal.user} 将不能再用 ?mf= 参数选用 ${name} 的版本。`}
          okText="移除"
          danger
          reason={{ ...confirmReason, placeholder: '为什么移除，例如：验收结束' }}
          onClose={() => setRemoval((last) => ({ ...last, open: false }))}
          onSubmit={async ({ reason }) => {
            const user = removal.user;
            await steps.qa({ remote: name, user, allowed: false, reason });
            onDone(`用户 ${user} 已不再是 ${name} 的测试用户`);
          }}
        />
      )}
    </section>
  );
}

/** 固定版本: which users always load which version; pin one to a published version, or unpin after a confirmation. */
export function PinsSection({ remote, steps, canEdit, onDone }: SectionProps) {
  const name = remote.remote;
  const [form] = Form.useForm();
  const { error, run } = useStep(form);
  const [busy, setBusy] = useState(false);
  const formName = useFormName('pin');
  // The pin of the last unpin asked for, kept while its dialog closes.
  const [unpinning, setUnpinning] = useState({ user: '', version: '', open: false });
  const pins = Object.entries(remote.pins).map(([user, version]) => ({ user, version }));
  const versions = [...remote.versions].reverse();
  const pin = () =>
    run(
      ['user', 'version', 'reason'],
      async ({ user = '', version = '', reason = '' }) => {
        setBusy(true);
        try {
          await steps.pin({ remote: name, user, version, reason });
        } finally {
          setBusy(false);
        }
        form.resetFields(['user', 'reason']);
        return `用户 ${user} 已固定到 ${name} ${version}`;
      },
      onDone,
    );
  return (
    <section aria-label={`固定版本 ${name}`} style={{ marginBottom: 24 }}>
      <h3 style={{ fontSize: 16 }}>固定版本</h3>
      <Typography.Paragraph type="secondary">被固定的用户总是加载指定的版本，不受灰度、暂停和全量发布影响。</Typography.Paragraph>
      {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 16 }} />}
      <Table
        rowKey="user"
        size="small"
        pagination={false}
        style={{ marginBottom: 16 }}
        locale={{ emptyText: '没有固定版本的用户' }}
        dataSource={pins}
        columns={[
          { title: '用户', dataIndex: 'user' },
          { title: '版本', dataIndex: 'version' },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'unpin',
                  render: (_: unknown, row: { user: string; version: string }) => (
                    <Button size="small" danger aria-label={`取消固定用户 ${row.user}`} onClick={() => setUnpinning({ ...row, open: true })}>
                      取消固定
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {canEdit && (
        <Form form={form} name={formName} layout="inline" requiredMark={false} onFinish={() => void pin()}>
          <Form.Item label="用户编号" name="user" rules={userRules} normalize={trimmed}>
            <Input inputMode="numeric" placeholder="例如 1024" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="版本" name="version" rules={[{ required: true, message: '请选择版本' }]}>
            <Select
              options={versions.map((version) => ({ label: version, value: version }))}
              placeholder="选择已发布的版本"
              notFoundContent="还没有已发布的版本"
              style={{ width: 180 }}
            />
          </Form.Item>
          <Form.Item label="原因" name="reason" rules={reasonRules}>
            <Input maxLength={RELEASE_REASON_MAX} placeholder="为什么固定，例如：客户复现问题" style={{ width: 260 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" loading={busy} disabled={!versions.length}>
              固定版本
            </Button>
          </Form.Item>
        </Form>
      )}
      {canEdit && (
        <DecisionDialog
          open={unpinning.open}
          title={`取消固定：用户 ${unpinning.user}`}
          description={`用户 ${unpinning.user} 当前固定在 ${name} ${unpinning.version}；取消后按灰度规则加载版本。`}
          okText="取消固定"
          danger
          reason={{ ...confirmReason, placeholder: '为什么取消，例如：问题已复现' }}
          onClose={() => setUnpinning((last) => ({ ...last, open: false }))}
          onSubmit={async ({ reason }) => {
            const user = unpinning.user;
            await steps.unpin({ remote: name, user, reason });
            onDone(`已取消用户 ${user} 在 ${name} 的固定版本`);
          }}
        />
      )}
    </section>
  );
}
