import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onSessionEvent } from 'shared-sdk';
import { DRAFT_QUERY_LIMITS, type Draft } from 'shared-sdk/contract';
import { renderScreen, VERIFIED_USER } from 'shared-sdk/testing';
import { DraftList } from './draft-list';

const deleteDraft = jest.fn();
const search = jest.fn();

jest.mock('../api/draft-api', () => ({
  useSearchDraftsQuery: (args: unknown) => search(args),
  useDeleteDraftMutation: () => [deleteDraft],
}));

const DRAFTS: Draft[] = [
  {
    nd_id: 11,
    global_id: 'g-11',
    nd_type: 1,
    nd_title: '黄河文化节现场',
    nd_cover_url: ['data:image/svg+xml,a', 'data:image/svg+xml,b'],
    nd_create_time: '2025-05-01 10:00:00',
  },
  { nd_id: 12, global_id: 'g-12', nd_type: 2, nd_title: '二七广场夜景', nd_cover_url: [], nd_create_time: '2025-04-30 09:00:00' },
  { nd_id: 13, global_id: 'g-13', nd_type: 3, nd_title: '老街里的手艺人', nd_cover_url: ['data:image/svg+xml,c'], nd_create_time: '2025-04-29 08:00:00' },
  { nd_id: 14, global_id: 'g-14', nd_type: 4, nd_title: '中原美食合集', nd_cover_url: [], nd_create_time: '2025-04-28 08:00:00' },
  { nd_id: 15, global_id: 'g-15', nd_type: 5, nd_title: '今天 #河南# 下雪了', nd_cover_url: [], nd_create_time: '2025-04-27 08:00:00' },
];

// Rendering antd screens in jsdom is slow on a loaded machine.
jest.setTimeout(60_000);

beforeEach(() => {
  deleteDraft.mockReset().mockResolvedValue({ data: null });
  search.mockReset().mockReturnValue({ data: { returnData: DRAFTS, count: 23 }, isFetching: false });
  jest.spyOn(window, 'open').mockImplementation(() => null);
});
afterEach(() => jest.restoreAllMocks());

const itemOf = (title: string) => screen.getByText(title).closest('[data-testid="draft-item"]') as HTMLElement;

describe('draft list', () => {
  it('shows the tabs, each draft with covers, title link, type and creation time, and the pager', () => {
    renderScreen(DraftList, '/draft');
    for (const tab of ['全部', '图文', '视频', '图集', '合集', '动态']) expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
    expect(screen.getAllByTestId('draft-item')).toHaveLength(5);
    const first = itemOf('黄河文化节现场');
    expect(within(first).getAllByRole('img')).toHaveLength(2);
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/scriptDetail?draftId=11');
    expect(within(first).getByText('创建时间：2025-05-01 10:00:00')).toBeInTheDocument();
    expect(within(itemOf('二七广场夜景')).getByText('无封面')).toBeInTheDocument();
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
    expect(search).toHaveBeenLastCalledWith({ type: 0, page: 1, title: '' });
  });

  it('reads a total that stopped counting as "1000+", with a pager to its last page', () => {
    search.mockReturnValue({ data: { returnData: DRAFTS, count: 1000, capped: true }, isFetching: false });
    renderScreen(DraftList, '/draft', '/draft?title=%E9%BB%84%E6%B2%B3');
    expect(screen.getByText('共 1000+ 条')).toBeInTheDocument();
    expect(screen.getByTitle('100')).toBeInTheDocument();
  });

  it('reads tab, keyword and page from the URL and writes changes back', async () => {
    renderScreen(DraftList, '/draft', '/draft?type=2&title=%E9%BB%84%E6%B2%B3&page=3');
    expect(search).toHaveBeenLastCalledWith({ type: 2, page: 3, title: '黄河' });
    await userEvent.click(screen.getByRole('tab', { name: '图集' }));
    expect(search).toHaveBeenLastCalledWith({ type: 3, page: 1, title: '黄河' });
    const box = screen.getByPlaceholderText('请输入草稿标题');
    await userEvent.clear(box);
    await userEvent.type(box, '夜景{enter}');
    expect(search).toHaveBeenLastCalledWith({ type: 3, page: 1, title: '夜景' });
  });

  it(`takes a keyword of ${DRAFT_QUERY_LIMITS.TITLE_MAX} emoji, as the server counts characters (code points), and no more`, async () => {
    renderScreen(DraftList, '/draft');
    const box = screen.getByPlaceholderText('请输入草稿标题');
    const keyword = '🌊'.repeat(DRAFT_QUERY_LIMITS.TITLE_MAX);
    await userEvent.click(box);
    await userEvent.paste(`${keyword}🌊`);
    expect(box).toHaveValue(keyword);
    await userEvent.type(box, '{enter}');
    expect(search).toHaveBeenLastCalledWith({ type: 0, page: 1, title: keyword });
  });

  it('shows the empty state once the answer is empty, not while the first page is on its way', () => {
    search.mockReturnValue({ data: undefined, isFetching: true });
    const { unmount } = renderScreen(DraftList, '/draft');
    expect(screen.queryByText('暂无内容')).not.toBeInTheDocument();
    unmount();
    search.mockReturnValue({ data: { returnData: [], count: 0 }, isFetching: false });
    const second = renderScreen(DraftList, '/draft');
    expect(screen.getByText('暂无内容')).toBeInTheDocument();
    second.unmount();
    // An empty list asked again (a new keyword) keeps saying so while the answer is on its way.
    search.mockReturnValue({ data: { returnData: [], count: 0 }, isFetching: true });
    renderScreen(DraftList, '/draft');
    expect(screen.getByText('暂无内容')).toBeInTheDocument();
  });

  it.each([
    ['黄河文化节现场', '/scriptWrite?draftId=11'],
    ['二七广场夜景', '/videoWrite?draftId=12'],
    ['老街里的手艺人', '/graphWrite?draftId=13'],
    ['中原美食合集', '/videoWrite?isPack=1&draftId=14'],
    ['今天 #河南# 下雪了', '/post?draftId=15'],
  ])('修改 on %s opens %s in a new tab', async (title, href) => {
    renderScreen(DraftList, '/draft');
    await userEvent.click(within(itemOf(title)).getByLabelText(`修改 ${title}`));
    expect(window.open).toHaveBeenCalledWith(href, '_blank', 'noopener');
  });

  it('删除 asks 确定要删除该条草稿吗?, then deletes by nd_id and global_id and says 删除成功!', async () => {
    renderScreen(DraftList, '/draft');
    await userEvent.click(screen.getByLabelText('删除 黄河文化节现场'));
    expect((await screen.findAllByText('确定要删除该条草稿吗?'))[0]).toBeInTheDocument();
    expect(deleteDraft).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(deleteDraft).toHaveBeenCalledWith({ ids: '11', global_ids: 'g-11' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
  });

  it("shows the server's msg when the delete is refused", async () => {
    deleteDraft.mockResolvedValue({ error: { kind: 'business', code: 1003, message: '无权操作他人的草稿' } });
    renderScreen(DraftList, '/draft');
    await userEvent.click(screen.getByLabelText('删除 二七广场夜景'));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('无权操作他人的草稿')).toBeInTheDocument();
  });

  it('an unverified user gets the real-name event: no confirmation, no call, no editor', async () => {
    const certRequired = jest.fn();
    const off = onSessionEvent('cert-required', certRequired);
    renderScreen(DraftList, '/draft', '/draft', { user: { ...VERIFIED_USER, u_cert: 0 } });
    await userEvent.click(screen.getByLabelText('删除 黄河文化节现场'));
    await userEvent.click(screen.getByLabelText('修改 黄河文化节现场'));
    expect(certRequired).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('确定要删除该条草稿吗?')).not.toBeInTheDocument();
    expect(deleteDraft).not.toHaveBeenCalled();
    expect(window.open).not.toHaveBeenCalled();
    off();
  });

  it('a ban of range "1" gets the ban event; a ban of range "3" does not block drafts', async () => {
    const banned = jest.fn();
    const off = onSessionEvent('banned', banned);
    const { unmount } = renderScreen(DraftList, '/draft', '/draft', {
      user: { ...VERIFIED_USER, banData: { ban_type: 1, ban_range_type: '1', ban_reason: '抄袭' } },
    });
    await userEvent.click(screen.getByLabelText('修改 黄河文化节现场'));
    expect(banned).toHaveBeenCalledWith(expect.objectContaining({ range: '1' }));
    expect(window.open).not.toHaveBeenCalled();
    unmount();
    renderScreen(DraftList, '/draft', '/draft', { user: { ...VERIFIED_USER, banData: { ban_type: 1, ban_range_type: '3' } } });
    await userEvent.click(screen.getByLabelText('修改 黄河文化节现场'));
    expect(window.open).toHaveBeenCalledWith('/scriptWrite?draftId=11', '_blank', 'noopener');
    expect(banned).toHaveBeenCalledTimes(1);
    off();
  });
});
