import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button } from 'antd';
import { LazyApp } from './lazy-app';

jest.setTimeout(30_000);

// While true, loading a part's holder fails as its chunk does when the network is down.
let mockOffline = false;

/** A holder's module whose export throws on use while offline: the part's `import()` then rejects. */
function mockFlaky<M extends object>(exportName: string, actual: M): M {
  return new Proxy(actual, {
    get: (target, prop) => {
      if (prop === exportName && mockOffline) throw new Error('Loading chunk failed');
      return target[prop as keyof M];
    },
  });
}

jest.mock('./message-holder', () => mockFlaky('MessageHolder', jest.requireActual<object>('./message-holder')));
jest.mock('./modal-holder', () => mockFlaky('ModalHolder', jest.requireActual<object>('./modal-holder')));

afterEach(() => {
  mockOffline = false;
});

/** A screen as the remotes write them: antd's App context through `App.useApp()`. */
function Screen() {
  const { message, modal, notification } = App.useApp();
  return (
    <>
      <p>screen</p>
      <Button onClick={() => void message.success('已保存')}>save</Button>
      <Button onClick={() => void modal.confirm({ title: '确定删除？', onOk: () => void message.info('已删除') })}>delete</Button>
      <Button onClick={() => notification.info({ title: '新通知' })}>notify</Button>
    </>
  );
}

/** A screen that waits for what its calls return: the dialog's answer, the message's close. */
function Waiting() {
  const { message, modal } = App.useApp();
  const [said, setSaid] = useState<string[]>([]);
  const say = (text: string) => setSaid((now) => [...now, text]);
  return (
    <>
      <p>screen</p>
      <Button
        onClick={() =>
          void modal.confirm({ title: '确定删除？' }).then(
            (answer) => say(`answer: ${String(answer)}`),
            () => undefined,
          )
        }
      >
        ask
      </Button>
      <Button onClick={() => void message.success('已保存', 0.1).then((closed) => say(`closed: ${String(closed)}`))}>save</Button>
      <ul>
        {said.map((text, i) => (
          <li key={i}>{text}</li>
        ))}
      </ul>
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

  it("settles a dialog's call as cancelled when its code fails to load, and loads it again on the next use", async () => {
    render(
      <LazyApp>
        <Waiting />
      </LazyApp>,
    );
    const screenText = screen.getByText('screen');
    mockOffline = true;
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    // No dialog was shown, so none was confirmed.
    expect(await screen.findByText('answer: false')).toBeInTheDocument();
    expect(screen.queryByText('确定删除？')).not.toBeInTheDocument();

    mockOffline = false;
    await userEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect((await screen.findAllByText('确定删除？')).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: /OK|确\s*定/ }));
    expect(await screen.findByText('answer: true')).toBeInTheDocument();
    expect(screen.getByText('screen')).toBe(screenText);
  });

  it("settles a message's call as closed when its code fails to load, and loads it again on the next use", async () => {
    render(
      <LazyApp>
        <Waiting />
      </LazyApp>,
    );
    mockOffline = true;
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('closed: true')).toBeInTheDocument();
    expect(screen.queryByText('已保存')).not.toBeInTheDocument();

    mockOffline = false;
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    // Its close, 0.1 s later, settles this call too.
    await waitFor(() => expect(screen.getAllByText('closed: true')).toHaveLength(2));
  });

  it('closes a message asked for before its code loaded with the function the call returned', async () => {
    let close = () => {};
    function Loading() {
      const { message } = App.useApp();
      return (
        <>
          <Button
            onClick={() => {
              close = message.loading('处理中', 0);
            }}
          >
            load
          </Button>
          <Button onClick={() => close()}>done</Button>
        </>
      );
    }
    render(
      <LazyApp>
        <Loading />
      </LazyApp>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'load' }));
    expect(await screen.findByText('处理中')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'done' }));
    await waitFor(() => expect(screen.queryByText('处理中')).not.toBeInTheDocument());
  });
});
