import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERIFIED_USER } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';
import { MemoryRouter } from 'shared-sdk/router';
import { renderWithProviders } from 'shared-sdk/testing';
import { setShellClient } from '../lib/shell-client';
import { FAKE_SHELL_CLIENT } from '../testing/fake-client';
import { NoticeBell } from './header-actions';
import { enterpriseLabel } from './header-user';

jest.setTimeout(45_000);
const user = userEvent.setup({ pointerEventsCheck: 0 });

describe('AppHeader', () => {
  it('sums the three unread counts, shows 99+ above 99, and opens /notice', async () => {
    const { history } = renderApp({
      url: '/index',
      user: VERIFIED_USER,
      client: { unreadApp: (type) => Promise.resolve({ count: type === 0 ? 60 : 40 }), unreadCommunity: () => Promise.resolve({ count: 5 }) },
    });
    const bell = await screen.findByTestId('notice-bell');
    await waitFor(() => expect(bell).toHaveTextContent('99+'));
    await user.click(bell);
    await waitFor(() => expect(history.location.pathname).toBe('/notice'));
  });

  it('shows the enterprise badge icon for cert_type 24 and the worn badge', async () => {
    renderApp({
      url: '/index',
      user: { ...VERIFIED_USER, cert_type: 24 },
      client: { wearBadge: () => Promise.resolve({ cover_url: 'data:image/png;base64,AA' }) },
    });
    expect(await screen.findByLabelText('企业认证标识')).toBeInTheDocument();
    expect(await screen.findByAltText('佩戴徽章')).toHaveAttribute('src', 'data:image/png;base64,AA');
  });

  it('opens customer service, saying so when no chat page is configured', async () => {
    renderApp({ url: '/index', user: VERIFIED_USER });
    await user.click(await screen.findByRole('button', { name: /客服/ }));
    expect(await screen.findByText('暂未开通在线客服')).toBeInTheDocument();
  });

  it('the user menu is a button the keyboard reaches: Enter opens it, the arrows move, Enter on 设置 opens /user', async () => {
    const keyboard = userEvent.setup();
    const { history } = renderApp({ url: '/index', user: VERIFIED_USER });
    const trigger = await screen.findByTestId('user-menu');
    expect(trigger.tagName).toBe('BUTTON');
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await keyboard.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: /^企业认证/ })).toHaveFocus();
    await keyboard.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '设置' })).toHaveFocus();
    await keyboard.keyboard('{Enter}');
    await waitFor(() => expect(history.location.pathname).toBe('/user'));
    expect(screen.queryByRole('menuitem', { name: '设置' })).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('labels the enterprise certification: 已认证 for status 2, else the audit status', () => {
    expect(enterpriseLabel({ status: 2, cert_audit_status: 1 })).toBe('已认证');
    expect(enterpriseLabel({ status: 0, cert_audit_status: 0 })).toBe('未认证');
    expect(enterpriseLabel({ status: 0, cert_audit_status: 3 })).toBe('审核中');
  });
});

describe('NoticeBell', () => {
  it('starts loading the notices page when hovered, as the sidebar entries do', async () => {
    setShellClient(FAKE_SHELL_CLIENT);
    const onPreload = jest.fn();
    renderWithProviders(
      <MemoryRouter>
        <NoticeBell onPreload={onPreload} />
      </MemoryRouter>,
    );
    await user.hover(await screen.findByTestId('notice-bell'));
    expect(onPreload).toHaveBeenCalledWith('/notice');
  });
});
