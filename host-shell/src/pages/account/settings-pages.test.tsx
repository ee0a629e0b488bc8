import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERIFIED_USER } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

jest.setTimeout(45_000);
const user = userEvent.setup({ pointerEventsCheck: 0 });

describe('settings pages', () => {
  it('/user shows the masked phone and saves a nickname into the session', async () => {
    const updateNickname = jest.fn(() => Promise.resolve(null));
    const { store } = renderApp({ url: '/user', user: VERIFIED_USER, client: { updateNickname } });
    expect(await screen.findByText('138****0001')).toBeInTheDocument();
    const input = screen.getByDisplayValue('测试作者');
    await user.clear(input);
    await user.type(input, '新昵称');
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(store.getState().session.user?.u_nickname).toBe('新昵称'));
    expect(updateNickname).toHaveBeenCalledWith('新昵称');
  });

  it('/password checks the new password and its confirmation before calling the server', async () => {
    const changePassword = jest.fn(() => Promise.resolve(null));
    renderApp({ url: '/password', user: VERIFIED_USER, client: { changePassword } });
    await user.type(await screen.findByLabelText('当前密码'), 'demo1234');
    await user.type(screen.getByLabelText('新密码'), 'onlyletters');
    await user.type(screen.getByLabelText('确认新密码'), 'different1');
    await user.click(screen.getByRole('button', { name: /确认修改/ }));
    expect(await screen.findByText('新密码需 8–32 位，且包含字母和数字')).toBeInTheDocument();
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(changePassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('新密码'));
    await user.type(screen.getByLabelText('新密码'), 'newpass123');
    await user.clear(screen.getByLabelText('确认新密码'));
    await user.type(screen.getByLabelText('确认新密码'), 'newpass123');
    await user.click(screen.getByRole('button', { name: /确认修改/ }));
    await waitFor(() => expect(changePassword).toHaveBeenCalledWith('demo1234', 'newpass123'));
  });
});
