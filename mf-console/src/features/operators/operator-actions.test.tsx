import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorAccount } from 'shared-sdk/contract';
import { renderWithProviders } from 'shared-sdk/testing';
import { OperatorActionButtons, OperatorActionDialogs, type OperatorAccountActions, type OperatorActionKind } from './operator-actions';

// antd dialogs in jsdom are slow on a loaded machine.
jest.setTimeout(180_000);

const MOD: OperatorAccount = {
  id: 5,
  name: 'mod-li',
  role: 'moderator',
  disabled: false,
  totp_enrolled: true,
  created_at: '2026-11-01T00:00:00.000Z',
  last_sign_in_at: null,
  release_scope: null,
};

function Harness({ actions, onDone }: { actions: OperatorAccountActions; onDone: (text: string) => void }) {
  const [pending, setPending] = useState<{ kind: OperatorActionKind; operator: OperatorAccount } | null>(null);
  return (
    <>
      <OperatorActionButtons operator={MOD} onPick={(kind, operator) => setPending({ kind, operator })} />
      <OperatorActionDialogs pending={pending} actions={actions} onClose={() => setPending(null)} onDone={onDone} />
    </>
  );
}

function renderActions() {
  const actions: OperatorAccountActions = {
    setRole: jest.fn().mockResolvedValue(undefined),
    resetTotp: jest.fn().mockResolvedValue(undefined),
    resetPassword: jest.fn().mockResolvedValue('N3w-Pa55word-xyz'),
    revokeSessions: jest.fn().mockResolvedValue({ sessions: 2, tokens: 1 }),
  };
  const onDone = jest.fn();
  renderWithProviders(<Harness actions={actions} onDone={onDone} />);
  return { actions, onDone };
}

const confirm = (box: HTMLElement, name: RegExp) => fireEvent.click(within(box).getByRole('button', { name }));

describe('an admin’s actions on another operator', () => {
  it('names each action and its operator for assistive technology', () => {
    renderActions();
    for (const label of ['修改角色', '重置验证器', '重置密码', '结束登录']) expect(screen.getByRole('button', { name: `${label} mod-li` })).toBeInTheDocument();
  });

  it('changes the role only to another role, with a reason', async () => {
    const { actions, onDone } = renderActions();
    fireEvent.click(screen.getByRole('button', { name: '修改角色 mod-li' }));
    const box = await screen.findByRole('dialog');
    confirm(box, /确认修改/);
    expect(await within(box).findByText('请填写原因')).toBeInTheDocument();
    expect(actions.setRole).not.toHaveBeenCalled();
    fireEvent.mouseDown(within(box).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('只读'));
    // The role the operator already has is no choice.
    expect(screen.queryByTitle('审核员')).not.toBeInTheDocument();
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '调岗' } });
    confirm(box, /确认修改/);
    await waitFor(() => expect(actions.setRole).toHaveBeenCalledWith({ id: 5, role: 'viewer', reason: '调岗' }));
    expect(onDone).toHaveBeenCalledWith('mod-li 的角色已改为「只读」');
  });

  it('resets the password after asking, and shows the new one once', async () => {
    const { actions } = renderActions();
    fireEvent.click(screen.getByRole('button', { name: '重置密码 mod-li' }));
    const box = await screen.findByRole('dialog');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '忘记密码' } });
    confirm(box, /确认重置/);
    expect(await screen.findByTestId('shown-once')).toHaveTextContent('N3w-Pa55word-xyz');
    expect(actions.resetPassword).toHaveBeenCalledWith({ id: 5, reason: '忘记密码' });
  });

  it('ends sessions, with the personal tokens when asked', async () => {
    const { actions, onDone } = renderActions();
    fireEvent.click(screen.getByRole('button', { name: '结束登录 mod-li' }));
    const box = await screen.findByRole('dialog');
    fireEvent.click(within(box).getByRole('checkbox', { name: /同时吊销其个人令牌/ }));
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '设备丢失' } });
    confirm(box, /确认结束/);
    await waitFor(() => expect(actions.revokeSessions).toHaveBeenCalledWith({ id: 5, tokens: true, reason: '设备丢失' }));
    expect(onDone).toHaveBeenCalledWith('mod-li：已结束 2 个登录，吊销 1 个个人令牌');
  });

  it('keeps the dialog and what was typed when the server refuses', async () => {
    const { actions } = renderActions();
    (actions.resetTotp as jest.Mock).mockRejectedValueOnce({ message: '不能重置自己的身份验证器，请联系其他管理员' });
    fireEvent.click(screen.getByRole('button', { name: '重置验证器 mod-li' }));
    const box = await screen.findByRole('dialog');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '手机丢失' } });
    confirm(box, /确认重置/);
    expect(await within(box).findByRole('alert')).toHaveTextContent('不能重置自己的身份验证器');
    expect(within(box).getByLabelText('原因')).toHaveValue('手机丢失');
  });
});
