import { type ReactNode, useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { DecisionResult, UserCreateRequest } from 'shared-sdk/contract';
import { DecisionDialog } from '../../components/decision-dialog';
import { errorMessage } from '../../lib/error-message';

/** The calls the forms make; each answers the line to show (or throws the server's refusal). */
export interface TaskActions {
  createUser: (request: UserCreateRequest) => Promise<string>;
  restoreDraft: (id: number) => Promise<string>;
  decideById: (request: { target: 'material' | 'manuscript'; id: number; decision: string; reason: string }) => Promise<DecisionResult>;
  scoreDaily: (date: string | undefined) => Promise<string>;
}

const DECISIONS = {
  material: [
    { value: 'review', label: '转入审核中' },
    { value: 'approve', label: '审核通过' },
    { value: 'reject', label: '驳回' },
  ],
  manuscript: [
    { value: 'approve', label: '审核通过（发布）' },
    { value: 'reject', label: '驳回' },
    { value: 'offline', label: '下线已发布的稿件' },
  ],
} as const;

function Outcome({ text, error }: { text: string; error: string }) {
  return (
    <>
      {error && <Alert type="error" role="alert" title={error} style={{ marginBottom: 12 }} />}
      {text && <Alert type="success" role="status" title={text} style={{ marginBottom: 12 }} />}
    </>
  );
}

function TaskCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>} style={{ marginBottom: 24 }}>
      {children}
    </Card>
  );
}

/** A creator account (admins; what `admin create-user` did). */
export function CreateUserForm({ onCreate }: { onCreate: TaskActions['createUser'] }) {
  const [form] = Form.useForm();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (values: { phone: string; password: string; nickname: string; verified?: boolean }) => {
    setBusy(true);
    setText('');
    setError('');
    try {
      setText(await onCreate({ phone: values.phone.trim(), password: values.password, nickname: values.nickname.trim(), verified: Boolean(values.verified) }));
      form.resetFields();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <TaskCard title="新建创作者账号">
      <Outcome text={text} error={error} />
      <Form form={form} layout="vertical" style={{ maxWidth: 360 }} requiredMark={false} onFinish={(values) => void submit(values)}>
        <Form.Item label="手机号" name="phone" rules={[{ required: true, pattern: /^\s*\d{5,20}\s*$/, message: '请输入手机号（数字）' }]}>
          <Input autoComplete="off" inputMode="numeric" />
        </Form.Item>
        <Form.Item label="初始密码" name="password" rules={[{ required: true, min: 6, max: 128, message: '密码 6–128 个字符' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="昵称" name="nickname" rules={[{ required: true, whitespace: true, max: 20, message: '请输入昵称（最多 20 个字）' }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="verified" valuePropName="checked">
          <Checkbox>已实名认证</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          创建账号
        </Button>
      </Form>
    </TaskCard>
  );
}

/** A form whose submit asks first (DecisionDialog), then shows what the server answered. */
function ConfirmedTask<V extends Record<string, unknown>>(props: {
  title: string;
  fields: ReactNode;
  submitText: string;
  confirm: (values: V) => { title: string; description: string; okText: string; danger?: boolean; reason?: { label: string; required: boolean } };
  run: (values: V, reason: string) => Promise<string>;
}) {
  const [form] = Form.useForm<V>();
  const [pending, setPending] = useState<V | null>(null);
  const [text, setText] = useState('');
  const asked = pending ? props.confirm(pending) : null;
  return (
    <TaskCard title={props.title}>
      <Outcome text={text} error="" />
      <Form form={form} layout="vertical" style={{ maxWidth: 360 }} requiredMark={false} onFinish={(values) => (setText(''), setPending(values))}>
        {props.fields}
        <Button htmlType="submit" autoInsertSpace={false}>
          {props.submitText}
        </Button>
      </Form>
      <DecisionDialog
        open={pending !== null}
        title={asked?.title ?? props.title}
        description={asked?.description}
        okText={asked?.okText ?? '确定'}
        danger={asked?.danger}
        reason={asked?.reason && { ...asked.reason, max: 200 }}
        onClose={() => setPending(null)}
        onSubmit={async ({ reason }) => {
          if (!pending) return;
          setText(await props.run(pending, reason));
          form.resetFields();
        }}
      />
    </TaskCard>
  );
}

const idRule = [{ required: true, message: '请输入编号' }];

/** A deleted draft back (moderators; what `admin restore-draft` did). */
export function RestoreDraftForm({ onRestore }: { onRestore: TaskActions['restoreDraft'] }) {
  return (
    <ConfirmedTask<{ id: number }>
      title="恢复已删除的草稿"
      submitText="恢复"
      fields={
        <Form.Item label="草稿编号" name="id" rules={idRule}>
          <InputNumber min={1} precision={0} style={{ width: 200 }} />
        </Form.Item>
      }
      confirm={({ id }) => ({ title: '恢复草稿', description: `恢复草稿 ${id}，创作者的草稿箱中会重新出现它。`, okText: '确认恢复' })}
      run={({ id }) => onRestore(id)}
    />
  );
}

/** A material or a manuscript by its id, in any state the step allows (moderators; `admin material-audit` and `manuscript-review`). */
export function DecideByIdForm({ onDecide }: { onDecide: TaskActions['decideById'] }) {
  const [target, setTarget] = useState<'material' | 'manuscript'>('material');
  return (
    <ConfirmedTask<{ target: 'material' | 'manuscript'; id: number; decision: string }>
      title="按编号审核素材或稿件"
      submitText="处理"
      fields={
        <>
          <Form.Item label="对象" name="target" initialValue="material">
            <Select
              onChange={(value: 'material' | 'manuscript') => setTarget(value)}
              options={[
                { value: 'material', label: '素材' },
                { value: 'manuscript', label: '稿件' },
              ]}
            />
          </Form.Item>
          <Form.Item label="编号" name="id" rules={idRule}>
            <InputNumber min={1} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="处理" name="decision" rules={[{ required: true, message: '请选择处理方式' }]}>
            <Select options={[...DECISIONS[target]]} placeholder="选择处理方式" />
          </Form.Item>
        </>
      }
      confirm={({ target: kind, id, decision }) => {
        const label = DECISIONS[kind].find((option) => option.value === decision)?.label ?? decision;
        const reject = decision === 'reject';
        return {
          title: `${label}：${kind === 'material' ? '素材' : '稿件'} ${id}`,
          description: reject ? '创作者会在操作记录和通知中看到驳回原因。' : `将${kind === 'material' ? '素材' : '稿件'} ${id} ${label}。`,
          okText: `确认${label}`,
          danger: reject || decision === 'offline',
          reason: { label: reject ? '驳回原因（创作者可见）' : '原因', required: reject || decision === 'offline' },
        };
      }}
      run={async ({ target: kind, id, decision }, reason) => {
        const result = await onDecide({ target: kind, id, decision, reason });
        if (!result.ok) throw new Error(result.message);
        return result.message;
      }}
    />
  );
}

/** A day's creation scores and rank lists, built now (admins; what `admin score-daily` did). */
export function ScoreDailyForm({ onBuild }: { onBuild: TaskActions['scoreDaily'] }) {
  return (
    <ConfirmedTask<{ date?: Dayjs }>
      title="生成每日积分和排行"
      submitText="生成"
      fields={
        <Form.Item label="日期（不填为今天）" name="date">
          <DatePicker aria-label="日期" />
        </Form.Item>
      }
      confirm={({ date }) => ({
        title: '生成每日积分',
        description: `按${date ? ` ${date.format('YYYY-MM-DD')} ` : '今天'}的数据重新计算全部创作者的积分和排行榜。`,
        okText: '确认生成',
      })}
      run={({ date }) => onBuild(date?.format('YYYY-MM-DD'))}
    />
  );
}
