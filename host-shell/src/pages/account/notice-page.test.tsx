import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NoticeItem, NoticeReadArgs } from '../../lib/shell-client';
import { VERIFIED_USER } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

jest.setTimeout(45_000);
const user = userEvent.setup({ pointerEventsCheck: 0 });

describe('NoticePage', () => {
  it('marks a notice read and refreshes the bell at once', async () => {
    let unread = 2;
    const items: NoticeItem[] = [
      { id: 1, title: '审核通过', content: '你的文章已通过审核', created_at: '2026-01-02T00:00:00Z', read: false },
      { id: 2, title: '系统维护', content: '今晚维护', created_at: '2026-01-01T00:00:00Z', read: false },
    ];
    const reads: NoticeReadArgs[] = [];
    renderApp({
      url: '/notice',
      user: VERIFIED_USER,
      client: {
        unreadApp: (type) => Promise.resolve({ count: type === 0 ? unread : 0 }),
        noticeList: () => Promise.resolve({ list: items.map((item) => ({ ...item })), total: items.length }),
        noticeRead: (args) => {
          reads.push(args);
          unread -= 1;
          items[0] = { ...items[0], read: true } as NoticeItem;
          return Promise.resolve(null);
        },
      },
    });
    expect(await screen.findByText('审核通过')).toBeInTheDocument();
    for (const tab of ['系统通知', '互动通知', '社区']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('notice-bell')).toHaveTextContent('2'));
    await user.click(screen.getAllByRole('button', { name: '标为已读' })[0] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('notice-bell')).toHaveTextContent('1'));
    expect(reads).toEqual([{ ids: '1' }]);
    expect(await screen.findByText('已读')).toBeInTheDocument();
  });
});
