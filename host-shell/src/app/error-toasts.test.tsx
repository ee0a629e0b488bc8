import { act, render, screen } from '@testing-library/react';
import { createAppStore, type ErrorNotifier } from 'shared-sdk';
import { AntdProviders } from './antd-providers';
import { Providers } from './providers';

const notifiers: (ErrorNotifier | null)[] = [];
jest.mock('shared-sdk', () => ({
  ...jest.requireActual<object>('shared-sdk'),
  setErrorNotifier: (next: ErrorNotifier | null) => notifiers.push(next),
}));

/** What the SDK's error policy does with a failure: hands it to the notifier the host set last. */
function notify(message: string) {
  const notifier = notifiers.at(-1);
  if (!notifier) throw new Error('no notifier set');
  act(() => notifier({ message } as Parameters<ErrorNotifier>[0]));
}

describe('the SDK error messages', () => {
  it('show on a page without antd (as /login), antd loading with the first one', async () => {
    render(
      <Providers store={createAppStore()}>
        <p>plain page</p>
      </Providers>,
    );
    expect(document.querySelector('.ant-app')).toBeNull();
    notify('手机号或密码错误');
    expect(await screen.findByText('手机号或密码错误')).toBeInTheDocument();
  });

  it('show once, in the antd App the screen renders in', async () => {
    render(
      <Providers store={createAppStore()}>
        <AntdProviders>
          <p>antd screen</p>
        </AntdProviders>
      </Providers>,
    );
    notify('网络异常');
    expect(await screen.findByText('网络异常')).toBeInTheDocument();
    expect(screen.getAllByText('网络异常')).toHaveLength(1);
  });
});
