import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteTimeoutError } from './remote-loader';

// The panel's own code cannot be fetched (the network is gone): its chunk fails to load.
jest.mock('./remote-error-panel', () => {
  throw new Error('Loading chunk remote-error-panel failed');
});

function Failing({ error }: { error: unknown }): never {
  throw error;
}

describe('RemoteErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('still says what failed and offers 重试 when the error panel itself cannot be loaded', async () => {
    const onRetry = jest.fn();
    await act(async () => {
      render(
        <RemoteErrorBoundary title="草稿箱" onRetry={onRetry}>
          <Failing error={new RemoteTimeoutError('mf_drafts/DraftList', 30)} />
        </RemoteErrorBoundary>,
      );
    });
    expect(await screen.findByText('页面加载超时')).toBeInTheDocument();
    expect(screen.getByText('「草稿箱」长时间未能加载完成，请检查网络后重试')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
