import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-sdk/testing';
import type { ReleaseHealth, ReleaseTopError } from '../../api/releases';
import { remoteOf, versionHealthOf } from '../../testing/releases';
import { RemotePanel } from './remote-panel';

const TOOLS = remoteOf('mf-tools');

const FAILED_CALL: ReleaseTopError = {
  fingerprint: 'api-1',
  kind: 'api',
  message: 'GET /api/tool/list 502',
  source: '',
  stack: '',
  count: 3,
  first_seen: '2026-11-28T09:10:00.000Z',
  last_seen: '2026-11-28T09:40:00.000Z',
  request_ids: ['7f3a9c1e5b2d4a6f8e0c1b3d5f7a9e2c', '0b1c2d3e4f5061728394a5b6c7d8e9f0'],
};

const health = (errors: ReleaseTopError[]): ReleaseHealth => ({
  env: 'production',
  remote: 'mf-tools',
  versions: [versionHealthOf('1.0.0', 'stable', { loads: 10, error_sessions: 3, top_errors: errors })],
});

const renderPanel = (errors: ReleaseTopError[]) =>
  renderWithProviders(<RemotePanel remote={TOOLS} health={health(errors)} healthLoading={false} healthError="" onPick={() => undefined} />);

describe('a top error of the 发布 screen', () => {
  it("shows a failed call's request ids (请求编号), newest first, each copyable", async () => {
    renderPanel([FAILED_CALL]);
    fireEvent.click(screen.getByRole('button', { name: /GET \/api\/tool\/list 502/ }));
    const ids = await screen.findByLabelText('请求编号：GET /api/tool/list 502');
    expect(screen.getByText('请求编号')).toBeInTheDocument();
    expect(
      within(ids)
        .getAllByRole('code')
        .map((code) => code.textContent),
    ).toEqual(FAILED_CALL.request_ids);
    expect(within(ids).getAllByRole('button', { name: /复制|copy/i })).toHaveLength(2);
  });

  it('shows no 请求编号 row for an error reported without ids', async () => {
    renderPanel([{ ...FAILED_CALL, request_ids: [] }]);
    fireEvent.click(screen.getByRole('button', { name: /GET \/api\/tool\/list 502/ }));
    expect(await screen.findByText('源码位置')).toBeInTheDocument();
    expect(screen.queryByText('请求编号')).not.toBeInTheDocument();
  });
});
