import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { OperatorAccount } from 'shared-sdk/contract';
import { renderWithProviders } from 'shared-sdk/testing';
import { fetchStandIn } from '../testing/api-stand-in';
import { remoteOf } from '../testing/releases';
import { renderAs } from '../testing/render-as';
import { ReleaseScopeDialog } from '../features/operators/release-scope';
import { OperatorsPage } from './operators-page';

// antd dialogs in jsdom are slow on a loaded machine.
jest.setTimeout(180_000);

const account = (id: number, name: string, role: OperatorAccount['role'], release_scope: OperatorAccount['release_scope'] = null): OperatorAccount => ({
  id,
  name,
  role,
  disabled: false,
  totp_enrolled: true,
  created_at: '2026-11-01T00:00:00.000Z',
  last_sign_in_at: null,
  release_scope,
});
/** rm-wang's scope as the operator list answers it; rm-zhao's was never set. */
const OPERATORS = [
  account(1, 'admin-1', 'admin'),
  account(7, 'rm-wang', 'release_manager', { remotes: ['mf-tools'], envs: ['staging'] }),
  account(8, 'mod-li', 'moderator'),
  account(9, 'rm-zhao', 'release_manager'),
];

const api = fetchStandIn();
const bodiesOf = (path: string) => api.calls.filter((call) => call.path === path).map((call) => call.body);

function serve(scopeAnswers: { code: number; msg: string }[] = []) {
  api.answer((call) => {
    if (call.path === '/api/operator/operators') return { code: 0, msg: 'ok', data: OPERATORS };
    if (call.path === '/api/operator/releases') {
      const remote = (name: string) => remoteOf(name, { stable: null, versions: [] });
      return { code: 0, msg: 'ok', data: { env: 'production', remotes: [remote('mf-tools'), remote('mf-editor')] } };
    }
    if (call.path === '/api/operator/operators/release-scope') {
      const refusal = scopeAnswers.shift();
      if (refusal) return { ...refusal, data: null };
      const body = call.body as { id: number; remotes: string[]; envs: string[] };
      return { code: 0, msg: 'ok', data: { id: body.id, name: 'rm-wang', role: 'release_manager', release_scope: { remotes: body.remotes, envs: body.envs } } };
    }
    return { code: 1004, msg: '没有这个接口', data: null };
  });
}

describe('a release manager’s release scope on 操作员', () => {
  it('shows the current remotes and environments, and sets new ones with the reason; a refusal keeps what was chosen', async () => {
    serve([{ code: 1002, msg: '没有这个模块（mf-old）' }]);
    renderAs('admin', <OperatorsPage />);
    // Only a release manager's row offers it.
    fireEvent.click(await screen.findByRole('button', { name: '发布范围 rm-wang' }));
    expect(screen.queryByRole('button', { name: '发布范围 mod-li' })).not.toBeInTheDocument();
    const box = await screen.findByRole('dialog');
    expect(within(box).getByText('当前模块：mf-tools')).toBeInTheDocument();
    expect(within(box).getByText('当前环境：staging')).toBeInTheDocument();
    // The scope comes with the row: nothing else is read for it.
    expect(api.calls.filter((call) => call.path === '/api/operator/audit')).toEqual([]);

    // Chosen at once, while the dialog is still opening: the choices stay.
    fireEvent.mouseDown(within(box).getByLabelText('模块'));
    fireEvent.click(await screen.findByTitle('mf-editor'));
    fireEvent.mouseDown(within(box).getByLabelText('环境'));
    fireEvent.click(await screen.findByTitle('production'));
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '负责编辑器发布' } });
    fireEvent.click(within(box).getByRole('button', { name: /确认保存/ }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('没有这个模块（mf-old）');
    expect(within(box).getByLabelText('原因')).toHaveValue('负责编辑器发布');

    fireEvent.click(within(box).getByRole('button', { name: /确认保存/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('rm-wang 的发布范围已设为 模块：mf-tools、mf-editor；环境：staging、production');
    const sent = { id: 7, remotes: ['mf-tools', 'mf-editor'], envs: ['staging', 'production'], reason: '负责编辑器发布' };
    await waitFor(() => expect(bodiesOf('/api/operator/operators/release-scope')).toEqual([sent, sent]));
  });

  it('shows an empty scope for a release manager whose scope was never set', async () => {
    serve();
    renderAs('admin', <OperatorsPage />);
    fireEvent.click(await screen.findByRole('button', { name: '发布范围 rm-zhao' }));
    const box = await screen.findByRole('dialog');
    expect(within(box).getByText('当前模块：无')).toBeInTheDocument();
    expect(within(box).getByText('当前环境：无')).toBeInTheDocument();
  });

  it('keeps what is chosen and typed as the dialog opens, once its opening motion has ended', async () => {
    function Opener() {
      const [operator, setOperator] = useState<OperatorAccount | null>(null);
      return (
        <>
          <button onClick={() => setOperator(OPERATORS[1]!)}>打开</button>
          <ReleaseScopeDialog
            operator={operator}
            current={operator && { remotes: ['mf-tools'], envs: ['staging'] }}
            remotes={['mf-tools', 'mf-editor']}
            envs={['production']}
            onSave={async () => undefined}
            onClose={() => setOperator(null)}
            onDone={() => undefined}
          />
        </>
      );
    }
    renderWithProviders(<Opener />);
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    const box = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(box).getByLabelText('模块'));
    fireEvent.click(await screen.findByTitle('mf-editor'));
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '负责编辑器发布' } });
    // The motion's end is where the starting values were applied again, over what was chosen.
    await waitFor(() => expect(document.querySelector('.ant-zoom-appear, .ant-zoom-enter')).toBeNull());
    expect(within(box).getByTitle('mf-editor')).toBeInTheDocument();
    expect(within(box).getByTitle('mf-tools')).toBeInTheDocument();
    expect(within(box).getByLabelText('原因')).toHaveValue('负责编辑器发布');
  });
});
