import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RankListAnswer, RankRow } from 'shared-sdk/contract';
import { renderScreen } from 'shared-sdk/testing';
import { RankPage } from './rank-page';

const rankList = jest.fn();
jest.mock('../features/rank/api', () => ({ useRankListQuery: (args: unknown) => rankList(args) }));

jest.setTimeout(30_000);

const row = (position: number, nickname: string, score: number, user_id = position): RankRow => ({ position, user_id, nickname, avatar: '', score });
const TOP: RankRow[] = [row(1, '豫见作者001', 88.4), row(2, '中原作者002', 80), row(3, '黄河作者003', 71.2)];
const answer = (mine: RankRow | null): { data: RankListAnswer; isFetching: boolean } => ({ data: { list: TOP, mine, day: '2026-11-23' }, isFetching: false });

describe('rank page', () => {
  beforeEach(() => rankList.mockReset().mockReturnValue(answer(TOP[1] ?? null)));

  it('shows the weekly list of all types first, with scores, the day and my row highlighted', () => {
    renderScreen(RankPage, '/rank');
    expect(rankList).toHaveBeenLastCalledWith({ period: 'week', type: 0 });
    expect(screen.getByText('统计至 2026-11-23')).toBeInTheDocument();
    expect(screen.getByText('88.4')).toBeInTheDocument();
    expect(screen.getByText('80.0')).toBeInTheDocument();
    const mine = screen.getByText('中原作者002').closest('[data-testid="rank-row"]') as HTMLElement;
    expect(mine).toHaveAttribute('aria-current', 'true');
    expect(within(mine).getByText('（我）')).toBeInTheDocument();
    expect(screen.getByTestId('my-rank')).toHaveTextContent('我的排名：第 2 名，创作分 80.0');
  });

  it('switches to 月榜 and to a content type', async () => {
    renderScreen(RankPage, '/rank');
    await userEvent.click(screen.getByRole('tab', { name: '月榜' }));
    expect(rankList).toHaveBeenLastCalledWith({ period: 'month', type: 0 });
    await userEvent.click(screen.getByRole('tab', { name: '视频' }));
    expect(rankList).toHaveBeenLastCalledWith({ period: 'month', type: 2 });
  });

  it('shows my rank below the top 100 as a separate row, and says when I am not ranked', () => {
    rankList.mockReturnValue(answer(row(137, '我自己', 20.5, 999)));
    const { unmount } = renderScreen(RankPage, '/rank');
    expect(screen.getByTestId('my-rank')).toHaveTextContent('我的排名：第 137 名（未进入前 100），创作分 20.5');
    expect(screen.queryByText('我自己')).not.toBeInTheDocument();
    unmount();
    rankList.mockReturnValue(answer(null));
    renderScreen(RankPage, '/rank');
    expect(screen.getByTestId('my-rank')).toHaveTextContent('本期暂未上榜');
  });

  it('lists the whole top 100 in order, each creator with an initial when there is no picture', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => row(i + 1, `作者${String(i + 1).padStart(3, '0')}`, 100 - i * 0.5));
    rankList.mockReturnValue({ data: { list: hundred, mine: hundred[99] ?? null, day: '2026-11-23' }, isFetching: false });
    renderScreen(RankPage, '/rank');
    await waitFor(() => expect(screen.getAllByTestId('rank-row')).toHaveLength(100));
    const rows = screen.getAllByTestId('rank-row');
    expect(rows[3]).toHaveTextContent(/^4作作者00498\.5$/);
    expect(rows[99]).toHaveTextContent('作者100');
    expect(rows[99]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('my-rank')).toHaveTextContent('我的排名：第 100 名，创作分 50.5');
  });
});
