import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-sdk/testing';
import { type Answer, fetchStandIn } from '../../testing/api-stand-in';
import type { ReleaseHealth } from '../../api/releases';
import { remoteOf, versionHealthOf } from '../../testing/releases';
import { ReleasesPage } from './releases-page';

// antd dialogs in jsdom are slow on a loaded machine.
jest.setTimeout(180_000);

const TOOLS = remoteOf('mf-tools', {
  canary: { version: '1.1.0', percent: 10, paused: false, loads: 2, failures: 0 },
  versions: ['1.0.0', '1.1.0'],
});
const HEALTH: ReleaseHealth = {
  env: 'production',
  remote: 'mf-tools',
  versions: [versionHealthOf('1.0.0', 'stable', { loads: 8, error_sessions: 1 }), versionHealthOf('1.1.0', 'canary', { loads: 2 })],
};

const api = fetchStandIn();

/** The API stood in: answers the release calls as the server would; what was sent is recorded. */
function mockServer(promoteAnswers: Answer[]) {
  api.answer((call) => {
    if (call.url.startsWith('/api/operator/releases/health')) return { code: 0, msg: 'ok', data: HEALTH };
    if (call.url === '/api/operator/releases') return { code: 0, msg: 'ok', data: { env: 'production', remotes: [TOOLS] } };
    if (call.url === '/api/operator/releases/promote') return promoteAnswers.shift() ?? { code: 0, msg: 'ok', data: TOOLS };
    return { code: 1004, msg: '没有这个接口', data: null };
  });
  return api.calls;
}

describe('the 发布 page over its calls', () => {
  it('lists the remotes with their health, and forces a promote after the gate refuses it', async () => {
    const sent = mockServer([
      {
        code: 1009,
        msg: '发布被拒绝：mf-tools 1.1.0 has only 2 canary loads (at least 20 before promoting)',
        data: { gate: 'too-few-loads', remote: 'mf-tools', version: '1.1.0', loads: 2, min_loads: 20 },
      },
    ]);
    renderWithProviders(<ReleasesPage />);
    expect(await screen.findByText('环境：production')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'mf-tools（灰度 10%）' })).toBeInTheDocument();
    expect(await screen.findByText('1 / 8（12.5%）')).toBeInTheDocument();
    expect(sent.some((call) => call.url === '/api/operator/releases/health?remote=mf-tools')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '全量发布 mf-tools' }));
    const box = await screen.findByRole('dialog');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '修复线上问题' } });
    fireEvent.click(within(box).getByRole('button', { name: /确认发布/ }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('has only 2 canary loads');
    // The figures come from the refusal's data, not its wording.
    expect(within(box).getByText('mf-tools 1.1.0 本轮灰度只有 2 次加载，全量发布前至少需要 20 次。')).toBeInTheDocument();
    fireEvent.click(within(box).getByRole('checkbox', { name: /强制发布/ }));
    fireEvent.click(within(box).getByRole('button', { name: /强制发布/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('mf-tools 1.1.0 已全量发布（强制）');
    const promotes = sent.filter((call) => call.url === '/api/operator/releases/promote');
    expect(promotes.map((call) => call.body)).toEqual([
      { remote: 'mf-tools', reason: '修复线上问题' },
      { remote: 'mf-tools', reason: '修复线上问题', force: true },
    ]);
    // The list and the rates are read again after the step.
    await waitFor(() => expect(sent.filter((call) => call.url === '/api/operator/releases').length).toBeGreaterThan(1));
  });

  it('offers no 强制发布 when the refusal names no gate', async () => {
    mockServer([{ code: 1009, msg: '发布被拒绝：the rollout manifest has no such version', data: null }]);
    renderWithProviders(<ReleasesPage />);
    fireEvent.click(await screen.findByRole('button', { name: '全量发布 mf-tools' }));
    const box = await screen.findByRole('dialog');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '修复线上问题' } });
    fireEvent.click(within(box).getByRole('button', { name: /确认发布/ }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('no such version');
    expect(within(box).queryByRole('checkbox', { name: /强制发布/ })).not.toBeInTheDocument();
  });
});
