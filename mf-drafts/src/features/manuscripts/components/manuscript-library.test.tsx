import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onSessionEvent } from 'shared-sdk';
import { type Manuscript } from 'shared-sdk/contract';
import { renderScreen, VERIFIED_USER } from 'shared-sdk/testing';
import { ManuscriptLibrary } from './manuscript-library';

const list = jest.fn();
const withdraw = jest.fn();
const remove = jest.fn();
const show = jest.fn();

jest.mock('../api/manuscript-api', () => ({
  useListManuscriptsQuery: (args: unknown) => list(args),
  useShowManuscriptQuery: (id: number) => show(id),
  useWithdrawManuscriptMutation: () => [withdraw],
  useDeleteManuscriptMutation: () => [remove],
}));

const base = { global_id: 'g', nm_type: 1, nm_cover_url: [], nm_create_time: '2025-05-01 10:00:00', nm_publish_time: null, nm_scheduled_time: null };
const ITEMS: Manuscript[] = [
  { ...base, nm_id: 1, nm_title: '已发布的文章', nm_status: 7, nm_review_code: 5, nm_platforms: [1, 9] },
  { ...base, nm_id: 2, nm_title: '内审中的文章', nm_status: 5, nm_review_code: 1, nm_platforms: [] },
  { ...base, nm_id: 3, nm_title: '定时的文章', nm_status: 12, nm_review_code: null, nm_platforms: [], nm_scheduled_time: '2025-06-01 08:00:00' },
];

// Rendering antd screens in jsdom is slow on a loaded machine.
jest.setTimeout(60_000);
beforeEach(() => {
  list.mockReset().mockReturnValue({ data: { returnData: ITEMS, count: 3 }, isFetching: false });
  withdraw.mockReset().mockResolvedValue({ data: { nm_status: 4, nd_id: null } });
  remove.mockReset().mockResolvedValue({ data: null });
  show.mockReset().mockReturnValue({ data: undefined, error: undefined, isFetching: false });
});

const itemOf = (title: string) => screen.getByText(title).closest('[data-testid="manuscript-item"]') as HTMLElement;

describe('manuscript library', () => {
  it('shows types, the article status filters, labels from the maps and the platforms', () => {
    renderScreen(ManuscriptLibrary, '/personalScript');
    for (const tab of ['文章', '视频', '图集']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    for (const label of ['全部', '已发布', '审核中', '未通过', '仅我可见', '定时发布', '已下线']) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(within(itemOf('已发布的文章')).getByText('微信公众号')).toBeInTheDocument();
    expect(within(itemOf('已发布的文章')).getByText('省报客户端')).toBeInTheDocument();
    expect(within(itemOf('内审中的文章')).getByText('内部审核中')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith({ type: 1, status: 20, page: 1, title: '' });
  });

  it('offers 撤回 only when scheduled, and no 修改 or 删除 while in review', () => {
    renderScreen(ManuscriptLibrary, '/personalScript');
    expect(within(itemOf('定时的文章')).getByText('撤回')).toBeInTheDocument();
    expect(within(itemOf('已发布的文章')).queryByText('撤回')).not.toBeInTheDocument();
    expect(within(itemOf('内审中的文章')).queryByText('删除')).not.toBeInTheDocument();
    expect(within(itemOf('内审中的文章')).queryByText('修改')).not.toBeInTheDocument();
  });

  it('switching to 视频 uses the other status list and its 全部 (-1)', async () => {
    renderScreen(ManuscriptLibrary, '/personalScript');
    await userEvent.click(screen.getByRole('tab', { name: '视频' }));
    expect(list).toHaveBeenLastCalledWith({ type: 2, status: -1, page: 1, title: '' });
    expect(screen.queryByRole('radio', { name: '定时发布' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '已发布' })).toBeInTheDocument();
  });

  it('withdraws a scheduled manuscript to 仅我可见', async () => {
    renderScreen(ManuscriptLibrary, '/personalScript');
    await userEvent.click(within(itemOf('定时的文章')).getByText('撤回'));
    await userEvent.click(await screen.findByText('确认撤回'));
    await waitFor(() => expect(withdraw).toHaveBeenCalledWith({ id: 3, to: 'private' }));
  });

  it('refuses an unverified user before any call', async () => {
    const certRequired = jest.fn();
    const off = onSessionEvent('cert-required', certRequired);
    renderScreen(ManuscriptLibrary, '/personalScript', '/personalScript', { user: { ...VERIFIED_USER, u_cert: 0 } });
    await userEvent.click(within(itemOf('定时的文章')).getByText('撤回'));
    await userEvent.click(within(itemOf('已发布的文章')).getByText('删除'));
    expect(certRequired).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('确认撤回')).not.toBeInTheDocument();
    expect(withdraw).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    off();
  });

  it('has the editor kinds 合集 and 动态 as tabs, each with the -1 status list', async () => {
    renderScreen(ManuscriptLibrary, '/personalScript');
    for (const [tab, type] of [
      ['合集', 4],
      ['动态', 5],
    ] as const) {
      await userEvent.click(screen.getByRole('tab', { name: tab }));
      expect(list).toHaveBeenLastCalledWith({ type, status: -1, page: 1, title: '' });
    }
  });

  it("shows the operator's reason of a 未通过 manuscript and a gallery's images with captions", async () => {
    const editor = {
      summary: '',
      cover_mode: 1,
      original: false,
      video: { url: '', poster: '', vid: '' },
      images: [{ url: 'https://img.example.com/1.png', caption: '第一张的说明' }],
      cover_index: 0,
      item_ids: [],
      items: [],
    };
    const detail = {
      ...base,
      ...ITEMS[0],
      nm_type: 3,
      nm_status: 6,
      nm_review_code: 3,
      nm_content: '<p>正文</p>',
      nm_update_time: '2025-05-01 10:00:00',
      nm_reject_reason: '图片模糊，请重新上传',
      nm_editor: editor,
    };
    show.mockReturnValue({ data: detail, error: undefined, isFetching: false });
    renderScreen(ManuscriptLibrary, '/personalScript');
    await userEvent.click(within(itemOf('已发布的文章')).getByText('查看'));
    expect(await screen.findByText('未通过原因')).toBeInTheDocument();
    expect(screen.getByText('图片模糊，请重新上传')).toBeInTheDocument();
    expect(screen.getByText('第一张的说明')).toBeInTheDocument();
  });
});
