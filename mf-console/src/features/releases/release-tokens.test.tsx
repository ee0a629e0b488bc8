import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorRole } from 'shared-sdk/contract';
import { fetchStandIn } from '../../testing/api-stand-in';
import { remoteOf } from '../../testing/releases';
import { renderAs } from '../../testing/render-as';
import type { ReleaseToken } from '../../api/releases';
import { ReleasesPage } from './releases-page';

// antd dialogs in jsdom are slow on a loaded machine.
jest.setTimeout(180_000);

const tokenOf = (id: number, name: string, fields: Partial<ReleaseToken> = {}): ReleaseToken => ({
  id,
  name,
  remote: 'mf-tools',
  env: 'production',
  hint: `mfci_${id}ab`,
  created_by: 'admin-zhang',
  created_at: '2026-11-01T08:00:00.000Z',
  expires_at: '2099-01-30T08:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  ...fields,
});

const TOKENS: ReleaseToken[] = [
  tokenOf(3, 'ci-tools', { last_used_at: '2026-11-20T08:00:00.000Z' }),
  tokenOf(2, 'ci-old', { remote: 'mf-editor', env: 'staging', revoked_at: '2026-11-10T08:00:00.000Z' }),
  tokenOf(1, 'ci-expired', { expires_at: '2026-02-01T08:00:00.000Z' }),
];
const SECRET = 'mfci_3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c';

const api = fetchStandIn();

/** The release calls as the server answers them; `revokeAnswers` answers the revokes in turn. */
function serve(revokeAnswers: { code: number; msg: string }[] = []) {
  api.answer((call) => {
    if (call.path === '/api/operator/releases')
      return { code: 0, msg: 'ok', data: { env: 'production', remotes: [remoteOf('mf-tools'), remoteOf('mf-editor')] } };
    if (call.path === '/api/operator/releases/health') return { code: 0, msg: 'ok', data: { env: 'production', remote: 'mf-tools', versions: [] } };
    if (call.path === '/api/operator/release-tokens') return { code: 0, msg: 'ok', data: TOKENS };
    if (call.path === '/api/operator/release-tokens/create') {
      return { code: 0, msg: '令牌只显示这一次，请妥善保存', data: { token: SECRET, info: tokenOf(4, 'ci-new', { remote: 'mf-editor' }) } };
    }
    if (call.path === '/api/operator/release-tokens/revoke') {
      const answer = revokeAnswers.shift();
      if (answer) return { ...answer, data: null };
      return { code: 0, msg: 'ok', data: { ...TOKENS[0], revoked_at: '2026-11-29T08:00:00.000Z' } };
    }
    return { code: 1004, msg: '没有这个接口', data: null };
  });
  return api.calls;
}

const renderPage = (role: OperatorRole) => renderAs(role, <ReleasesPage />);

const bodiesOf = (path: string) => api.calls.filter((call) => call.path === path).map((call) => call.body);
const tokensSection = () => screen.findByRole('region', { name: '发布令牌' });

describe('the 发布 page’s CI release tokens', () => {
  it('lists the tokens to an admin: remote, environment, who made it, when, last use and state', async () => {
    serve();
    renderPage('admin');
    const section = await tokensSection();
    const row = (await within(section).findByText('ci-tools')).closest('tr') as HTMLElement;
    expect(within(row).getByText('mf-tools')).toBeInTheDocument();
    expect(within(row).getByText('production')).toBeInTheDocument();
    expect(within(row).getByText('admin-zhang')).toBeInTheDocument();
    expect(within(row).getByText('有效')).toBeInTheDocument();
    expect(within(row).getByText('mfci_3ab…')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: '吊销 ci-tools' })).toBeInTheDocument();
    const revoked = within(section).getByText('ci-old').closest('tr') as HTMLElement;
    expect(within(revoked).getByText('已吊销')).toBeInTheDocument();
    expect(within(revoked).getByText('staging')).toBeInTheDocument();
    expect(within(revoked).getByText('未使用')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: /吊销/ })).not.toBeInTheDocument();
    expect(within(within(section).getByText('ci-expired').closest('tr') as HTMLElement).getByText('已过期')).toBeInTheDocument();
  });

  it('creates a token for a listed remote and shows it once, with the warning; gone once closed', async () => {
    serve();
    renderPage('admin');
    fireEvent.click(within(await tokensSection()).getByRole('button', { name: '创建发布令牌' }));
    const box = await screen.findByRole('dialog');
    // The environment and the API's default life come filled in.
    expect(within(box).getByLabelText('环境')).toHaveValue('production');
    expect(within(box).getByLabelText(/有效天数/)).toHaveValue('90');
    fireEvent.change(within(box).getByLabelText('名称'), { target: { value: ' ci-new ' } });
    fireEvent.mouseDown(within(box).getByLabelText('模块'));
    fireEvent.click(await screen.findByTitle('mf-editor'));
    fireEvent.change(within(box).getByLabelText(/有效天数/), { target: { value: '30' } });
    fireEvent.click(within(box).getByRole('button', { name: /创\s*建/ }));

    const secret = await screen.findByTestId('shown-once');
    expect(secret).toHaveTextContent(SECRET);
    const shown = secret.closest('[role="dialog"]') as HTMLElement;
    expect(within(shown).getByText('发布令牌')).toBeInTheDocument();
    expect(within(shown).getByText(/令牌只显示这一次/)).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: /复制|copy/i })).toBeInTheDocument();
    expect(bodiesOf('/api/operator/release-tokens/create')).toEqual([{ name: 'ci-new', remote: 'mf-editor', env: 'production', expires_days: 30 }]);
    // The list is read again.
    await waitFor(() => expect(bodiesOf('/api/operator/release-tokens').length).toBeGreaterThan(1));

    fireEvent.click(within(shown).getByRole('button', { name: '我已记下' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).not.toBeInTheDocument());
  });

  it('revokes with the reason asked; a refusal is shown and keeps the reason typed', async () => {
    serve([{ code: 1004, msg: '没有这个令牌' }]);
    renderPage('admin');
    fireEvent.click(await within(await tokensSection()).findByRole('button', { name: '吊销 ci-tools' }));
    const box = await screen.findByRole('dialog');
    fireEvent.click(within(box).getByRole('button', { name: '确认吊销' }));
    expect(await within(box).findByText('请填写原因')).toBeInTheDocument();
    expect(bodiesOf('/api/operator/release-tokens/revoke')).toEqual([]);

    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '令牌泄露' } });
    fireEvent.click(within(box).getByRole('button', { name: '确认吊销' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('没有这个令牌');
    expect(within(box).getByLabelText('原因')).toHaveValue('令牌泄露');

    fireEvent.click(within(box).getByRole('button', { name: '确认吊销' }));
    await waitFor(() =>
      expect(bodiesOf('/api/operator/release-tokens/revoke')).toEqual([
        { id: 3, reason: '令牌泄露' },
        { id: 3, reason: '令牌泄露' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is not shown to a release manager, nor asked of the server', async () => {
    serve();
    renderPage('release_manager');
    expect(await screen.findByText('环境：production')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '发布令牌' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '创建发布令牌' })).not.toBeInTheDocument();
    expect(bodiesOf('/api/operator/release-tokens')).toEqual([]);
  });
});
