import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { UserDetail } from 'shared-sdk/contract';
import { renderWithProviders } from 'shared-sdk/testing';
import { banRequest } from './ban-fields';
import { UserDetailCard, type UserActions } from './user-detail';

// antd dialogs in jsdom are slow on a loaded machine (one test took 67 s with six other builds running).
jest.setTimeout(180_000);

const USER: UserDetail = {
  id: 7,
  phone: '13800000003',
  nickname: '被封的作者',
  verified: true,
  identities: [],
  tools: [],
  short_drama: false,
  enterprise_status: 0,
  cert_type: 0,
  certifications: [],
  bans: [
    {
      id: 1,
      ban_type: 1,
      range: '1',
      reason: '发布违规内容',
      active: true,
      created_at: '2026-11-20T00:00:00.000Z',
      ends_at: null,
      lifted_at: null,
      created_by: 'mod-1',
    },
  ],
  created_at: '2026-01-01T00:00:00.000Z',
};

function renderCard(can: { moderate: boolean; admin: boolean }) {
  const actions: UserActions = {
    verify: jest.fn().mockResolvedValue(undefined),
    ban: jest.fn().mockResolvedValue(undefined),
    unban: jest.fn().mockResolvedValue(undefined),
    tools: jest.fn().mockResolvedValue(undefined),
    resetPassword: jest.fn().mockResolvedValue('Xy7-4kq9'),
  };
  renderWithProviders(<UserDetailCard user={USER} actions={actions} canModerate={can.moderate} canAdmin={can.admin} />);
  return actions;
}

describe('a creator in the console', () => {
  it('shows verification, the ban in force and its history', () => {
    renderCard({ moderate: false, admin: false });
    expect(screen.getByText('已认证')).toBeInTheDocument();
    expect(screen.getAllByText(/禁止创作：文章、视频、图集、合集；至 解除为止/).length).toBeGreaterThan(0);
    expect(screen.getByText('生效中')).toBeInTheDocument();
  });

  it('shows a viewer no buttons', () => {
    renderCard({ moderate: false, admin: false });
    expect(within(screen.getByTestId('user-detail')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets a moderator act but not reset the password', () => {
    renderCard({ moderate: true, admin: false });
    for (const name of [/^取消实名认证$/, /^封\s*禁$/, /^解除封禁$/, /^设置工具$/]) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重置密码' })).not.toBeInTheDocument();
  });

  it('shows the reset password once, after asking', async () => {
    const actions = renderCard({ moderate: true, admin: true });
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认重置' }));
    expect(await screen.findByTestId('shown-once')).toHaveTextContent('Xy7-4kq9');
    expect(actions.resetPassword).toHaveBeenCalledWith({ id: 7 });
  });

  it('asks for a reason before unverifying', async () => {
    const actions = renderCard({ moderate: true, admin: false });
    fireEvent.click(screen.getByRole('button', { name: '取消实名认证' }));
    const box = await screen.findByRole('dialog');
    fireEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));
    expect(await within(box).findByText('请填写原因')).toBeInTheDocument();
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '证件过期' } });
    fireEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(actions.verify).toHaveBeenCalledWith({ id: 7, verified: false, reason: '证件过期' }));
  });
});

describe('a ban as the call takes it', () => {
  it('sends the range for a creation ban, none for a logout ban, and the end when given', () => {
    const end = dayjs('2026-12-31T12:00:00.000Z');
    expect(banRequest(7, { ban_type: 1, range: ['3', '1'], ends_at: end }, '刷量')).toEqual({
      id: 7,
      ban_type: 1,
      range: '1,3',
      reason: '刷量',
      ends_at: '2026-12-31T12:00:00.000Z',
    });
    expect(banRequest(7, { ban_type: 2, range: ['1'] }, '盗号')).toEqual({ id: 7, ban_type: 2, range: '', reason: '盗号' });
  });
});
