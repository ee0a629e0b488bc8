import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'shared-sdk/router';
import { renderWithProviders } from 'shared-sdk/testing';
import { operatorOf } from '../testing/operators';
import { remoteOf, versionHealthOf } from '../testing/releases';
import type { ReleaseHealth, ReleaseRemote } from '../api/releases';
import { countText } from '../features/releases/rates';
import { ReleaseActionDialogs, type ReleaseActionKind, type ReleaseActions } from '../features/releases/release-actions';
import { PinsSection, QaUsersSection, type ReleaseUserSteps } from '../features/releases/release-users';
import { RemotePanel } from '../features/releases/remote-panel';
import { ConsoleLayout } from './console-layout';

// antd dialogs in jsdom are slow on a loaded machine.
jest.setTimeout(180_000);

const TOOLS = remoteOf('mf-tools', {
  canary: { version: '1.1.0', percent: 10, paused: false, loads: 4, failures: 1 },
  previous: ['0.9.0'],
  versions: ['0.9.0', '1.0.0', '1.1.0'],
  qa_users: ['qa-7'],
  pins: { '42': '0.9.0' },
  history: [
    { at: '2026-11-28T08:00:00.000Z', who: 'ci:tools-ci', action: 'promote', from: '0.9.0', to: '1.0.0' },
    { at: '2026-11-28T09:00:00.000Z', who: 'ana', action: 'canary', from: null, to: '1.1.0', reason: '新版工具页' },
    { at: '2026-11-28T09:30:00.000Z', who: 'ana', action: 'pin', from: null, to: '0.9.0', user: '42', reason: '客户复现' },
  ],
});

const HEALTH: ReleaseHealth = {
  env: 'production',
  remote: 'mf-tools',
  versions: [
    versionHealthOf('1.0.0', 'stable', { loads: 10, failures: 1 }),
    versionHealthOf('1.1.0', 'canary', {
      loads: 4,
      failures: 1,
      error_sessions: 2,
      vitals: { LCP: { views: 3, poor: 1 }, INP: { views: 2, poor: 0 } },
      top_errors: [
        {
          fingerprint: 'abc',
          kind: 'error',
          message: 'Cannot read properties of undefined (reading "title")',
          source: 'src/screens/broken-screen.tsx:3:1',
          stack: 'TypeError: boom\nat BrokenScreen (src/screens/broken-screen.tsx:3:1)',
          count: 4,
          first_seen: '2026-11-28T09:10:00.000Z',
          last_seen: '2026-11-28T09:40:00.000Z',
        },
      ],
    }),
  ],
};

const USER_STEPS: ReleaseUserSteps = { qa: async () => undefined, pin: async () => undefined, unpin: async () => undefined };

function Harness({ remote, actions, onDone }: { remote: ReleaseRemote; actions: ReleaseActions; onDone: (text: string) => void }) {
  const [pending, setPending] = useState<ReleaseActionKind | null>(null);
  return (
    <>
      <RemotePanel remote={remote} health={HEALTH} healthLoading={false} healthError="" onPick={setPending}>
        <QaUsersSection remote={remote} steps={USER_STEPS} canEdit onDone={onDone} />
        <PinsSection remote={remote} steps={USER_STEPS} canEdit onDone={onDone} />
      </RemotePanel>
      <ReleaseActionDialogs remote={remote} pending={pending} actions={actions} onClose={() => setPending(null)} onDone={onDone} />
    </>
  );
}

function renderPanel(remote: ReleaseRemote = TOOLS) {
  const actions: ReleaseActions = {
    canary: jest.fn().mockResolvedValue(undefined),
    pause: jest.fn().mockResolvedValue(undefined),
    promote: jest.fn().mockResolvedValue(undefined),
    rollback: jest.fn().mockResolvedValue(undefined),
  };
  const onDone = jest.fn();
  renderWithProviders(<Harness remote={remote} actions={actions} onDone={onDone} />);
  return { actions, onDone };
}

const confirm = (box: HTMLElement, name: RegExp) => fireEvent.click(within(box).getByRole('button', { name }));
const openDialog = async (name: string) => {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog');
};

describe('the 发布 screen', () => {
  it('is in the menu of admins and release managers only', () => {
    renderWithProviders(
      <MemoryRouter initialEntries={['/console']}>
        <ConsoleLayout operator={operatorOf('release_manager')} onSignOut={() => undefined}>
          <p>内容</p>
        </ConsoleLayout>
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['发布', '我的账号']);
  });

  it('shows the rollout, rates per version with their counts and chart, QA users, pins and the history with actors and reasons', () => {
    renderPanel();
    const panel = screen.getByRole('region', { name: '模块 mf-tools' });
    expect(within(panel).getByText('1.1.0，10% 的用户')).toBeInTheDocument();
    expect(within(panel).getByText('进行中')).toBeInTheDocument();
    // QA users and pins in their own sections.
    expect(within(panel).getByRole('list', { name: 'mf-tools 的测试用户' })).toHaveTextContent('用户 qa-7');
    expect(within(within(panel).getByRole('region', { name: '固定版本 mf-tools' })).getByRole('row', { name: /42\s*0\.9\.0/ })).toBeInTheDocument();
    // Load failures and error sessions, as counts and rates.
    expect(within(panel).getByText(countText(1, 4))).toHaveTextContent('1 / 4（25.0%）');
    expect(within(panel).getByText('2 / 4（50.0%）')).toBeInTheDocument();
    expect(within(panel).getByText('1 / 10（10.0%）')).toBeInTheDocument();
    // The canary's field vitals: poor LCP views of those measured, and INP.
    expect(within(panel).getByText('1 / 3（33.3%）')).toBeInTheDocument();
    expect(within(panel).getByText('0 / 2（0.0%）')).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: /1\.1\.0（灰度版）：加载失败率 25\.0%，错误会话率 50\.0%/ })).toBeInTheDocument();
    // The history, newest first, with who did it and why.
    const rows = within(panel)
      .getAllByRole('row')
      .filter((row) => /ci:tools-ci|ana/.test(row.textContent ?? ''));
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/ana固定版本— → 0\.9\.0（用户 42）客户复现/),
      expect.stringMatching(/ana灰度— → 1\.1\.0新版工具页/),
      expect.stringMatching(/ci:tools-ci全量发布0\.9\.0 → 1\.0\.0—/),
    ]);
  });

  it('tells each QA user and each pin once, in its own section, and says so when there are none', () => {
    renderPanel({ ...TOOLS, history: [] });
    const panel = screen.getByRole('region', { name: '模块 mf-tools' });
    expect(within(panel).getAllByText(/qa-7/)).toHaveLength(1);
    expect(within(panel).getAllByText(/\b42\b/)).toHaveLength(1);
    cleanup();

    renderPanel({ ...TOOLS, qa_users: [], pins: {}, history: [] });
    const empty = screen.getByRole('region', { name: '模块 mf-tools' });
    expect(within(empty).getByText('还没有测试用户')).toBeInTheDocument();
    expect(within(empty).getByText('没有固定版本的用户')).toBeInTheDocument();
    expect(within(empty).queryByText('无')).not.toBeInTheDocument();
  });

  it('expands a top error to its mapped stack', async () => {
    renderPanel();
    const header = screen.getByRole('button', { name: /Cannot read properties of undefined/ });
    expect(header).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(header);
    expect(await screen.findByLabelText(/调用栈/)).toHaveTextContent('at BrokenScreen (src/screens/broken-screen.tsx:3:1)');
    expect(screen.getByText('src/screens/broken-screen.tsx:3:1')).toBeInTheDocument();
    expect(header).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('1.0.0：没有错误报告')).toBeInTheDocument();
  });

  it('sets the canary share after asking for a reason', async () => {
    const { actions, onDone } = renderPanel();
    const box = await openDialog('调整灰度比例 mf-tools');
    confirm(box, /确认调整/);
    expect(await within(box).findByText('请填写原因')).toBeInTheDocument();
    expect(actions.canary).not.toHaveBeenCalled();
    fireEvent.change(within(box).getByLabelText('灰度比例（%）'), { target: { value: '25' } });
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '指标正常' } });
    confirm(box, /确认调整/);
    await waitFor(() => expect(actions.canary).toHaveBeenCalledWith({ remote: 'mf-tools', version: '1.1.0', percent: 25, reason: '指标正常' }));
    expect(onDone).toHaveBeenCalledWith('mf-tools 1.1.0 的灰度比例已设为 25%');
  });

  it('pauses and rolls back with a reason', async () => {
    const { actions } = renderPanel();
    let box = await openDialog('暂停灰度 mf-tools');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '观察错误' } });
    confirm(box, /确认暂停/);
    await waitFor(() => expect(actions.pause).toHaveBeenCalledWith({ remote: 'mf-tools', reason: '观察错误' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    box = await openDialog('回滚 mf-tools');
    expect(box).toHaveTextContent('撤下灰度版 1.1.0');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '白屏' } });
    confirm(box, /确认回滚/);
    await waitFor(() => expect(actions.rollback).toHaveBeenCalledWith({ remote: 'mf-tools', reason: '白屏' }));
  });

  it('shows the gate’s refusal of a promote and offers 强制发布 with the reason', async () => {
    const { actions, onDone } = renderPanel();
    // Told by the refusal's data (the gate's code), whatever its wording.
    (actions.promote as jest.Mock).mockRejectedValueOnce({
      message: '发布被拒绝：灰度加载次数不足',
      code: 1009,
      data: { gate: 'too-few-loads', remote: 'mf-tools', version: '1.1.0', loads: 4, min_loads: 20 },
    });
    const box = await openDialog('全量发布 mf-tools');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '紧急修复' } });
    confirm(box, /确认发布/);
    expect(await within(box).findByRole('alert')).toHaveTextContent('灰度加载次数不足');
    expect(actions.promote).toHaveBeenCalledWith({ remote: 'mf-tools', reason: '紧急修复' });
    fireEvent.click(within(box).getByRole('checkbox', { name: /强制发布/ }));
    confirm(box, /强制发布/);
    await waitFor(() => expect(actions.promote).toHaveBeenLastCalledWith({ remote: 'mf-tools', reason: '紧急修复', force: true }));
    expect(onDone).toHaveBeenCalledWith('mf-tools 1.1.0 已全量发布（强制）');
  });

  it('offers no 强制发布 for a refusal that names no gate, even one worded like it', async () => {
    const { actions } = renderPanel();
    (actions.promote as jest.Mock).mockRejectedValueOnce({
      message: '发布被拒绝：mf-tools 1.1.0 has only 4 canary loads (at least 20 before promoting)',
      code: 1009,
      data: null,
    });
    const box = await openDialog('全量发布 mf-tools');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '紧急修复' } });
    confirm(box, /确认发布/);
    expect(await within(box).findByRole('alert')).toHaveTextContent('has only 4 canary loads');
    expect(within(box).queryByRole('checkbox', { name: /强制发布/ })).not.toBeInTheDocument();
  });

  it('offers only the steps the rollout allows', () => {
    renderPanel({ ...TOOLS, canary: null, previous: [], versions: ['1.0.0'], history: [] });
    for (const name of ['暂停灰度 mf-tools', '全量发布 mf-tools', '回滚 mf-tools', '调整灰度比例 mf-tools'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByText('没有记录')).toBeInTheDocument();
  });
});
