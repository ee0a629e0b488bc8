import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button } from 'antd';
import { LazyApp } from './lazy-app';

jest.setTimeout(30_000);

/** A screen as the remotes write them: antd's App context through `App.useApp()`. */
function Screen() {
  const { message, modal, notification } = App.useApp();
  return (
    <>
      <p>screen</p>
      <Button onClick={() => void message.success('已保存')}>save</Button>
      <Button onClick={() => modal.confirm({ title: '确定删除？', onOk: () => void message.info('已删除') })}>delete</Button>
      <Button onClick={() => notification.info({ title: '新通知' })}>notify</Button>
    </>
  );
}

describe('the App context around the screens', () => {
  it('shows a message, a confirm dialog and a notification, each loading on its first use', async () => {
    render(
      <LazyApp>
        <Screen />
      </LazyApp>,
    );
    const screenText = screen.getByText('screen');
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'delete' }));
    expect((await screen.findAllByText('确定删除？')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    expect(await screen.findByText('已删除')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(await screen.findByText('新通知')).toBeInTheDocument();
    // Loading the parts never remounted the screen.
    expect(screen.getByText('screen')).toBe(screenText);
  });
});
