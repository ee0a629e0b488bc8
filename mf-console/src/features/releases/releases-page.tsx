import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Alert, Tabs, Typography } from 'antd';
import { failureText } from '../../api/endpoint';
import { useCan } from '../../lib/operator-context';
import {
  releaseApi,
  type ReleaseRemote,
  uploadRelease,
  useReleaseCanaryMutation,
  useReleaseHealthQuery,
  useReleaseListQuery,
  useReleasePauseMutation,
  useReleasePinMutation,
  useReleasePromoteMutation,
  useReleaseQaMutation,
  useReleaseRollbackMutation,
  useReleaseUnpinMutation,
} from '../../api/releases';
import { ConnectedReleaseTokens } from './release-tokens';
import { ReleaseActionDialogs, type ReleaseActionKind, type ReleaseActions } from './release-actions';
import { ReleaseUploadSection } from './release-upload';
import { PinsSection, QaUsersSection, type ReleaseUserSteps } from './release-users';
import { RemotePanel } from './remote-panel';
import { LoadFailure } from '../../components/load-failure';

/** How often the rollout and the rates refresh while the screen is open. */
const POLL_MS = 30_000;

interface ConnectedRemoteProps {
  remote: ReleaseRemote;
  actions: ReleaseActions;
  userSteps: ReleaseUserSteps;
  onDone: (text: string) => void;
}

function ConnectedRemote({ remote, actions, userSteps, onDone }: ConnectedRemoteProps) {
  const health = useReleaseHealthQuery({ remote: remote.remote }, { pollingInterval: POLL_MS });
  const [pending, setPending] = useState<ReleaseActionKind | null>(null);
  // Both roles that see this screen may release; the server checks the remote against the operator's scope.
  const canRelease = useCan('release');
  const dispatch = useDispatch();
  return (
    <>
      <RemotePanel
        remote={remote}
        health={health.data}
        healthLoading={health.isFetching}
        healthError={health.isError ? failureText(health.error) : ''}
        onPick={setPending}
      >
        <QaUsersSection remote={remote} steps={userSteps} canEdit={canRelease} onDone={onDone} />
        <PinsSection remote={remote} steps={userSteps} canEdit={canRelease} onDone={onDone} />
        <ReleaseUploadSection
          remote={remote}
          canUpload={canRelease}
          upload={uploadRelease}
          onUploaded={() => dispatch(releaseApi.util.invalidateTags(['Release', 'Audit']))}
        />
      </RemotePanel>
      <ReleaseActionDialogs remote={remote} pending={pending} actions={actions} onClose={() => setPending(null)} onDone={onDone} />
    </>
  );
}

/** 发布 (admins and release managers): each remote the operator may release, its rollout and what users see of it. */
export function ReleasesPage() {
  const list = useReleaseListQuery({}, { pollingInterval: POLL_MS });
  const [canary] = useReleaseCanaryMutation();
  const [pause] = useReleasePauseMutation();
  const [promote] = useReleasePromoteMutation();
  const [rollback] = useReleaseRollbackMutation();
  const [qa] = useReleaseQaMutation();
  const [pin] = useReleasePinMutation();
  const [unpin] = useReleaseUnpinMutation();
  const [done, setDone] = useState('');
  // CI release tokens are an admin's (the server refuses them to a release manager).
  const isAdmin = useCan('admin');
  const actions: ReleaseActions = {
    canary: async (request) => void (await canary(request).unwrap()),
    pause: async (request) => void (await pause(request).unwrap()),
    promote: async (request) => void (await promote(request).unwrap()),
    rollback: async (request) => void (await rollback(request).unwrap()),
  };
  const userSteps: ReleaseUserSteps = {
    qa: async (request) => void (await qa(request).unwrap()),
    pin: async (request) => void (await pin(request).unwrap()),
    unpin: async (request) => void (await unpin(request).unwrap()),
  };
  const remotes = list.data?.remotes ?? [];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        发布
      </Typography.Title>
      {list.data && <p>{`环境：${list.data.env}`}</p>}
      <LoadFailure query={list} />
      {done && <Alert type="success" role="status" title={done} closable onClose={() => setDone('')} style={{ marginBottom: 16 }} />}
      {list.data && !remotes.length && <p>没有可发布的模块</p>}
      {remotes.length > 0 && (
        <Tabs
          items={remotes.map((remote) => ({
            key: remote.remote,
            label: remote.canary ? `${remote.remote}（灰度 ${remote.canary.percent}%）` : remote.remote,
            children: <ConnectedRemote remote={remote} actions={actions} userSteps={userSteps} onDone={setDone} />,
          }))}
        />
      )}
      {isAdmin && list.data && <ConnectedReleaseTokens remotes={remotes.map((remote) => remote.remote)} env={list.data.env} />}
    </>
  );
}
