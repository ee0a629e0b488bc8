import { screen } from '@testing-library/react';
import { MemoryRouter } from 'shared-sdk/router';
import { renderWithProviders } from 'shared-sdk/testing';
import { operatorOf } from '../testing/operators';
import { ConsoleLayout } from './console-layout';

const menuNames = () => screen.getAllByRole('menuitem').map((item) => item.textContent);

function renderLayout(role: 'admin' | 'moderator' | 'viewer', at = '/console') {
  renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <ConsoleLayout operator={operatorOf(role)} onSignOut={() => undefined}>
        <p>内容</p>
      </ConsoleLayout>
    </MemoryRouter>,
  );
}

describe('the console’s layout', () => {
  it('gives an admin every screen, 操作员 included', () => {
    renderLayout('admin');
    expect(menuNames()).toEqual(['首页', '审核', '申诉', '用户', '报纸', '操作记录', '运维', '发布', '存储', '操作员', '我的账号']);
    expect(screen.getByText('管理员')).toBeInTheDocument();
  });

  it('gives moderators and viewers no 存储 or 操作员 screen', () => {
    renderLayout('viewer');
    expect(menuNames()).toEqual(['首页', '审核', '申诉', '用户', '报纸', '操作记录', '运维', '我的账号']);
    expect(screen.getByText('只读')).toBeInTheDocument();
  });

  it('lights the screen the address is on, and names who is signed in', () => {
    renderLayout('moderator', '/console/review?tab=manuscripts');
    const selected = screen.getAllByRole('menuitem').filter((item) => item.className.includes('-selected'));
    expect(selected.map((item) => item.textContent)).toEqual(['审核']);
    expect(screen.getByTestId('console-operator')).toHaveTextContent('moderator-1');
    expect(screen.getByRole('main')).toHaveTextContent('内容');
    expect(screen.getByRole('navigation', { name: '运营后台菜单' })).toBeInTheDocument();
  });
});
