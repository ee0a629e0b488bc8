import { useState } from 'react';
import { Button, Checkbox, Form, InputNumber, Select, Space } from 'antd';
import { DecisionDialog } from '../../components/decision-dialog';
import { ApiCode } from 'shared-sdk/contract';
import { refusalData } from 'shared-sdk/contract/calls';
import { RELEASE_CALLS, RELEASE_REASON_MAX, type PromoteGateRefusal, type ReleaseRemote } from '../../api/releases';

/** The rollout steps the 发布 screen offers (each audited on the server with the reason). */
export interface ReleaseActions {
  canary: (request: { remote: string; version: string; percent: number; reason: string }) => Promise<void>;
  pause: (request: { remote: string; reason: string }) => Promise<void>;
  promote: (request: { remote: string; force?: boolean; reason: string }) => Promise<void>;
  rollback: (request: { remote: string; reason: string }) => Promise<void>;
}

export type ReleaseActionKind = 'share' | 'pause' | 'promote' | 'rollback';

const LABELS: Record<ReleaseActionKind, string> = { share: '调整灰度比例', pause: '暂停灰度', promote: '全量发布', rollback: '回滚' };

/** What each step needs: a canary to pause or promote, a canary or a former stable to roll back to, a version to share. */
export function enabledActions(remote: ReleaseRemote): Record<ReleaseActionKind, boolean> {
  const canary = remote.canary;
  return {
    share: remote.versions.some((version) => version !== remote.stable),
    pause: !!canary && !canary.paused,
    promote: !!canary,
    rollback: !!canary || remote.previous.length > 0,
  };
}

export function ReleaseActionButtons({ remote, onPick }: { remote: ReleaseRemote; onPick: (kind: ReleaseActionKind) => void }) {
  const enabled = enabledActions(remote);
  return (
    <Space wrap>
      {(Object.keys(LABELS) as ReleaseActionKind[]).map((kind) => (
        <Button
          key={kind}
          danger={kind === 'rollback'}
          type={kind === 'promote' ? 'primary' : 'default'}
          disabled={!enabled[kind]}
          autoInsertSpace={false}
          aria-label={`${LABELS[kind]} ${remote.remote}`}
          onClick={() => onPick(kind)}
        >
          {LABELS[kind]}
        </Button>
      ))}
    </Space>
  );
}

/**
 * A promote the gate refused: the server's 1009 whose data (the contract's `refusal` of releasePromote)
 * names the gate (too few canary loads), never its wording; null for any other failure.
 */
export const gateRefusal = (failure: unknown): PromoteGateRefusal | null => {
  const data = refusalData(RELEASE_CALLS.promote, failure, ApiCode.CONFLICT);
  return data?.gate === 'too-few-loads' ? data : null;
};

export interface ReleaseActionDialogsProps {
  remote: ReleaseRemote;
  pending: ReleaseActionKind | null;
  actions: ReleaseActions;
  onClose: () => void;
  /** A line saying what was done. */
  onDone: (text: string) => void;
}

/**
 * The confirmation of each step, with the reason the audit trail and the rollout history record.
 * A promote refused by the gate (too few canary loads) shows the server's refusal and offers
 * 强制发布, which the server takes only with the reason.
 */
export function ReleaseActionDialogs({ remote, pending, actions, onClose, onDone }: ReleaseActionDialogsProps) {
  const name = remote.remote;
  const canary = remote.canary;
  const reason = { label: '原因', required: true, max: RELEASE_REASON_MAX };
  const [gateRefused, setGateRefused] = useState<PromoteGateRefusal | null>(null);
  const [force, setForce] = useState(false);
  const closePromote = () => {
    setGateRefused(null);
    setForce(false);
    onClose();
  };
  const candidates = remote.versions.filter((version) => version !== remote.stable).reverse();
  return (
    <>
      <DecisionDialog
        open={pending === 'share'}
        title={`调整灰度比例：${name}`}
        description={
          canary
            ? `当前灰度 ${canary.version}，${canary.percent}%${canary.paused ? '（已暂停，提交后恢复）' : ''}。`
            : `当前没有灰度；稳定版 ${remote.stable ?? '无'}。`
        }
        okText="确认调整"
        reason={reason}
        initialValues={{ version: canary?.version ?? candidates[0], percent: canary?.percent ?? 5 }}
        onClose={onClose}
        onSubmit={async ({ version, percent, reason: why }) => {
          await actions.canary({ remote: name, version: String(version), percent: Number(percent), reason: why });
          onDone(`${name} ${String(version)} 的灰度比例已设为 ${String(percent)}%`);
        }}
      >
        <Form.Item label="版本" name="version" rules={[{ required: true, message: '请选择版本' }]}>
          <Select options={candidates.map((version) => ({ label: version, value: version }))} placeholder="选择版本" />
        </Form.Item>
        <Form.Item label="灰度比例（%）" name="percent" rules={[{ required: true, message: '请输入 1–100 的比例' }]}>
          <InputNumber min={0.1} max={100} step={5} />
        </Form.Item>
      </DecisionDialog>
      <DecisionDialog
        open={pending === 'pause'}
        title={`暂停灰度：${name}`}
        description={canary && `暂停 ${canary.version} 的灰度：所有用户回到稳定版 ${remote.stable ?? ''}（固定版本和测试用户不受影响），之后可调整比例恢复。`}
        okText="确认暂停"
        danger
        reason={reason}
        onClose={onClose}
        onSubmit={async ({ reason: why }) => {
          await actions.pause({ remote: name, reason: why });
          onDone(`${name} 的灰度已暂停`);
        }}
      />
      <DecisionDialog
        open={pending === 'promote'}
        title={`全量发布：${name}`}
        description={
          canary && `将灰度版 ${canary.version} 设为稳定版（当前 ${remote.stable ?? '无'}），所有用户都会使用它。本轮灰度已有 ${canary.loads} 次加载。`
        }
        okText={force ? '强制发布' : '确认发布'}
        danger={force}
        reason={reason}
        onClose={closePromote}
        onSubmit={async ({ reason: why }) => {
          try {
            await actions.promote({ remote: name, reason: why, ...(force ? { force: true } : {}) });
          } catch (failure) {
            const refusal = gateRefusal(failure);
            if (refusal) setGateRefused(refusal);
            throw failure;
          }
          onDone(`${name} ${canary?.version ?? ''} 已全量发布${force ? '（强制）' : ''}`);
          setGateRefused(null);
          setForce(false);
        }}
      >
        {gateRefused && (
          <p>{`${gateRefused.remote} ${gateRefused.version} 本轮灰度只有 ${gateRefused.loads} 次加载，全量发布前至少需要 ${gateRefused.min_loads} 次。`}</p>
        )}
        {gateRefused && (
          <Form.Item>
            <Checkbox checked={force} onChange={(event) => setForce(event.target.checked)}>
              强制发布（证据不足仍发布；原因会记入操作记录）
            </Checkbox>
          </Form.Item>
        )}
      </DecisionDialog>
      <DecisionDialog
        open={pending === 'rollback'}
        title={`回滚：${name}`}
        description={
          canary
            ? `撤下灰度版 ${canary.version}，所有用户回到稳定版 ${remote.stable ?? ''}。`
            : `稳定版 ${remote.stable ?? ''} 回退到上一个稳定版 ${remote.previous[0] ?? ''}。`
        }
        okText="确认回滚"
        danger
        reason={reason}
        onClose={onClose}
        onSubmit={async ({ reason: why }) => {
          await actions.rollback({ remote: name, reason: why });
          onDone(`${name} 已回滚`);
        }}
      />
    </>
  );
}
