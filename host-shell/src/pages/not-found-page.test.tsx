import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERIFIED_USER } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';

describe('404 page', () => {
  it('says the page does not exist and links back home', async () => {
    const { history } = renderApp({ url: '/no/such/page', user: VERIFIED_USER });
    expect(await screen.findByText('抱歉，你访问的页面不存在')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link'));
    expect(history.location.pathname).toBe('/index');
    expect(await screen.findByText(/你好，测试作者/)).toBeInTheDocument();
  });
});
