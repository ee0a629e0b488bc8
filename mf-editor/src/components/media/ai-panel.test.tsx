import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from 'shared-sdk/testing';
import { AI_MESSAGES, type AiWriteParams, ApiError } from 'shared-sdk';
import { AiPanel } from './ai-panel';

/** antd spaces out two-character button labels (开 始): match either way. */
const named = (label: string) => ({ name: new RegExp(`^${[...label].join('\\s?')}$`) });

/** A provider that writes in pieces and can be held mid-answer, as a slow model would. */
function fakeStream() {
  const calls: AiWriteParams[] = [];
  let release: () => void = () => undefined;
  const stream = jest.fn(async (params: AiWriteParams, onDelta: (piece: string) => void, signal?: AbortSignal) => {
    calls.push(params);
    onDelta('黄河');
    await new Promise<void>((resolve, reject) => {
      release = resolve;
      signal?.addEventListener('abort', () => reject(new ApiError({ kind: 'canceled', message: '已取消' })));
    });
    onDelta('之水天上来');
    return '黄河之水天上来';
  });
  return { stream, calls, release: () => release() };
}

function open(action: 'polish' | 'tone' | 'openAi', stream: ReturnType<typeof fakeStream>['stream'], text = '黄河水') {
  const onReplace = jest.fn();
  const onInsertBelow = jest.fn();
  const onClose = jest.fn();
  renderWithProviders(
    <AiPanel action={action} text={text} hasSelection onClose={onClose} onReplace={onReplace} onInsertBelow={onInsertBelow} stream={stream} />,
  );
  return { onReplace, onInsertBelow, onClose };
}

describe('AiPanel', () => {
  it('shows the answer as it streams, then replaces the selection with it', async () => {
    const fake = fakeStream();
    const { onReplace } = open('polish', fake.stream);
    fireEvent.click(screen.getByRole('button', named('开始')));
    expect(await screen.findByText('黄河')).toBeInTheDocument();
    expect(screen.getByRole('button', named('替换选中内容'))).toBeDisabled();
    fake.release();
    expect(await screen.findByText('黄河之水天上来')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', named('替换选中内容')));
    expect(onReplace).toHaveBeenCalledWith('黄河之水天上来');
    expect(fake.calls[0]).toEqual({ action: 'polish', text: '黄河水' });
  });

  it('stops a running answer and keeps what came so far to insert below', async () => {
    const fake = fakeStream();
    const { onInsertBelow } = open('polish', fake.stream);
    fireEvent.click(screen.getByRole('button', named('开始')));
    await screen.findByText('黄河');
    fireEvent.click(screen.getByRole('button', named('停止')));
    await waitFor(() => expect(screen.getByRole('button', named('插入到下方'))).toBeEnabled());
    fireEvent.click(screen.getByRole('button', named('插入到下方')));
    expect(onInsertBelow).toHaveBeenCalledWith('黄河');
  });

  it("asks for the free instruction before calling, and shows the server's refusal (e.g. not configured)", async () => {
    const refused = jest.fn(async (_params: AiWriteParams, _onDelta: (piece: string) => void): Promise<string> => {
      throw new ApiError({ kind: 'business', code: 1030, message: AI_MESSAGES.NOT_CONFIGURED });
    });
    open('openAi', refused, '');
    fireEvent.click(screen.getByRole('button', named('开始')));
    expect(await screen.findByText(AI_MESSAGES.PROMPT_REQUIRED)).toBeInTheDocument();
    expect(refused).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('写作要求'), { target: { value: '写一段导语' } });
    fireEvent.click(screen.getByRole('button', named('开始')));
    expect(await screen.findByText(AI_MESSAGES.NOT_CONFIGURED)).toBeInTheDocument();
  });

  it('sends the chosen tone', async () => {
    const fake = fakeStream();
    open('tone', fake.stream);
    fireEvent.click(screen.getByRole('button', named('开始')));
    await screen.findByText('黄河');
    expect(fake.calls[0]).toMatchObject({ action: 'tone', tone: '正式' });
  });
});
