import { Alert, Button, Form, Select } from 'antd';
import { failureText } from '../../api/endpoint';
import type { OperatorAccount } from 'shared-sdk/contract';
import { DecisionDialog } from '../../components/decision-dialog';
import {
  RELEASE_ENV_NAME,
  RELEASE_REASON_MAX,
  type ReleaseScope,
  type ReleaseScopeRequest,
  useOperatorSetReleaseScopeMutation,
  useReleaseListQuery,
} from '../../api/releases';

/** The role whose releases are bounded by a scope (shared-sdk/src/contract/operator/roles.ts). */
export const SCOPED_ROLE = 'release_manager';

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * A release manager's scope as the operator list answers it (`release_scope` of OperatorAccount,
 * shared-sdk/src/contract/operator/schemas.ts); never set (null): an empty scope, it releases nothing.
 */
export function scopeOf(operator: OperatorAccount): ReleaseScope {
  return { remotes: operator.release_scope?.remotes ?? [], envs: operator.release_scope?.envs ?? [] };
}

const listed = (items: readonly string[]) => (items.length ? items.join('、') : '无');

/** The 发布范围 button of a release manager's row. */
export function ReleaseScopeButton({ operator, onPick }: { operator: OperatorAccount; onPick: (operator: OperatorAccount) => void }) {
  if (operator.role !== SCOPED_ROLE) return null;
  return (
    <Button size="small" autoInsertSpace={false} onClick={() => onPick(operator)} aria-label={`发布范围 ${operator.name}`}>
      发布范围
    </Button>
  );
}

export interface ReleaseScopeDialogProps {
  operator: OperatorAccount | null;
  /** Null while it is being read. */
  current: ReleaseScope | null;
  /** The remotes the release API lists (an admin's: every remote). */
  remotes: readonly string[];
  /** Environments to offer (others may be typed). */
  envs: readonly string[];
  onSave: (request: ReleaseScopeRequest) => Promise<void>;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** Shows a release manager's remotes and environments and sets them, with the reason the audit trail records. */
export function ReleaseScopeDialog({ operator, current, remotes, envs, onSave, onClose, onDone }: ReleaseScopeDialogProps) {
  const name = operator?.name ?? '';
  const remoteOptions = [...new Set([...remotes, ...(current?.remotes ?? [])])].map((remote) => ({ label: remote, value: remote }));
  const envOptions = [...new Set([...envs, ...(current?.envs ?? [])])].map((env) => ({ label: env, value: env }));
  return (
    <DecisionDialog
      open={operator !== null && current !== null}
      title={`发布范围：${name}`}
      description={
        current && (
          <>
            <p style={{ margin: 0 }}>{`当前模块：${listed(current.remotes)}`}</p>
            <p style={{ margin: 0 }}>{`当前环境：${listed(current.envs)}`}</p>
            <p style={{ margin: '8px 0 0' }}>{`保存后 ${name} 只能发布所选模块在所选环境的版本，替换当前范围。`}</p>
          </>
        )
      }
      okText="确认保存"
      reason={{ label: '原因', required: true, max: RELEASE_REASON_MAX }}
      initialValues={current ? { remotes: current.remotes, envs: current.envs } : undefined}
      onClose={onClose}
      onSubmit={async ({ remotes: chosenRemotes, envs: chosenEnvs, reason }) => {
        if (!operator) return;
        const request = { id: operator.id, remotes: strings(chosenRemotes), envs: strings(chosenEnvs), reason };
        await onSave(request);
        onDone(`${name} 的发布范围已设为 模块：${listed(request.remotes)}；环境：${listed(request.envs)}`);
      }}
    >
      <Form.Item label="模块" name="remotes">
        <Select mode="multiple" options={remoteOptions} placeholder="选择模块" allowClear />
      </Form.Item>
      <Form.Item
        label="环境"
        name="envs"
        rules={[
          {
            validator: async (_rule, value: unknown) => {
              if (strings(value).every((env) => RELEASE_ENV_NAME.test(env))) return;
              throw new Error('环境名小写字母开头，只含小写字母、数字和 -，如 production');
            },
          },
        ]}
      >
        <Select mode="tags" options={envOptions} placeholder="选择或输入环境" allowClear />
      </Form.Item>
    </DecisionDialog>
  );
}

/** The dialog over its calls: the scope from the operator's row, the remotes from the release API, the set sent. */
export function ConnectedReleaseScope({
  operator,
  onClose,
  onDone,
}: {
  operator: OperatorAccount | null;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const releases = useReleaseListQuery({}, { skip: !operator });
  const [save] = useOperatorSetReleaseScopeMutation();
  return (
    <>
      {operator && releases.isError && (
        <Alert type="error" role="alert" title={`读取模块列表失败：${failureText(releases.error)}`} style={{ marginBottom: 16 }} />
      )}
      <ReleaseScopeDialog
        operator={operator}
        current={operator ? scopeOf(operator) : null}
        remotes={releases.data?.remotes.map((remote) => remote.remote) ?? []}
        envs={releases.data ? [releases.data.env] : []}
        onSave={async (request) => void (await save(request).unwrap())}
        onClose={onClose}
        onDone={onDone}
      />
    </>
  );
}
