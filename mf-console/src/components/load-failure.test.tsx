import { render, screen } from '@testing-library/react';
import { LoadFailure } from './load-failure';

describe('a failed load', () => {
  it('says the server’s message in an alert, and the generic one when there is none', () => {
    const { rerender } = render(<LoadFailure query={{ isError: true, error: { kind: 'business', message: '当前角色无权执行此操作', code: 403 } }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('当前角色无权执行此操作');
    rerender(<LoadFailure query={{ isError: true, error: undefined }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('请求错误');
  });

  it('shows nothing while the query has not failed', () => {
    const { container } = render(<LoadFailure query={{ isError: false, error: undefined }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });
});
