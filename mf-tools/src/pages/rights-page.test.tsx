import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RightsAnswer, ScoreHistoryPoint, UserScoreDetailAnswer } from 'shared-sdk/contract';
import { renderScreen } from 'shared-sdk/testing';
import { RightsPage } from './rights-page';

const apply = jest.fn();
const rights = jest.fn();
jest.mock('../features/rights/api', () => ({ useRightsQuery: () => rights(), useApplyRightMutation: () => [apply] }));
const dims = { creation: 100, activity: 13, quality: 67, interaction: 46, credit: 100 };
const SCORE: UserScoreDetailAnswer = { user_score: 72, day: '2026-11-23', dimensions: dims, level: 3, previous_score: 70 };
const HISTORY: ScoreHistoryPoint[] = Array.from({ length: 30 }, (_, i) => ({
  day: `2026-11-${String(i + 1).padStart(2, '0')}`,
  user_score: 27 + i,
  dimensions: dims,
}));
jest.mock('../features/score/api', () => ({
  useUserScoreDetailQuery: () => ({ data: SCORE }),
  useScoreHistoryQuery: () => ({ data: { list: HISTORY } }),
}));

jest.setTimeout(30_000);

const RIGHTS: RightsAnswer = {
  user_score: 72,
  level: 3,
  next_missing: ['创作分达到 80（当前 72）'],
  rights: [
    { code: 'original', name: '原创标', description: '原创标识', level: 2, state: 'approved', reason: '', missing: [] },
    { code: 'appreciation', name: '赞赏', description: '读者赞赏', level: 2, state: 'rejected', reason: '原创比例不足', missing: [] },
    { code: 'revenue', name: '收益', description: '流量分成', level: 3, state: 'available', reason: '', missing: [] },
    { code: 'live', name: '直播', description: '发起直播', level: 4, state: 'locked', reason: '', missing: ['等级达到 Lv4 资深作者（当前 Lv3）'] },
    { code: 'column', name: '付费专栏', description: '付费阅读', level: 5, state: 'pending', reason: '', missing: [] },
  ],
};

describe('rights page', () => {
  beforeEach(() => {
    rights.mockReturnValue({ data: RIGHTS });
    apply.mockReset().mockResolvedValue({ data: RIGHTS });
  });

  it('explains the score: today, the trend, each dimension with what moves it, and the 30-day chart', () => {
    renderScreen(RightsPage, '/rights');
    expect(screen.getByText('今日创作分')).toBeInTheDocument();
    expect(screen.getByText(/较昨日 \+2/)).toBeInTheDocument();
    expect(within(screen.getByTestId('dimension-quality')).getByText('质量（20%）')).toBeInTheDocument();
    expect(within(screen.getByTestId('dimension-credit')).getAllByText('封禁和违规扣分，90 天后恢复').length).toBeGreaterThan(0);
    const chart = screen.getByTestId('score-chart');
    expect(chart.querySelectorAll('circle')).toHaveLength(30);
    expect(within(chart).getByText('11-01')).toBeInTheDocument();
  });

  it('shows my level, what the next one misses and each right with its state', () => {
    renderScreen(RightsPage, '/rights');
    expect(screen.getByTestId('next-level')).toHaveTextContent('升级到 Lv4 还需要：创作分达到 80（当前 72）');
    expect(within(screen.getByTestId('right-original')).getByText('已开通')).toBeInTheDocument();
    expect(within(screen.getByTestId('right-appreciation')).getByText('未通过原因：原创比例不足')).toBeInTheDocument();
    expect(within(screen.getByTestId('right-appreciation')).getByRole('button', { name: '重新申请' })).toBeInTheDocument();
    expect(within(screen.getByTestId('right-live')).getByText('等级达到 Lv4 资深作者（当前 Lv3）')).toBeInTheDocument();
    expect(within(screen.getByTestId('right-live')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('right-column')).getByText('审核中')).toBeInTheDocument();
  });

  it('applies for an available right and says so; shows the refusal of the server', async () => {
    renderScreen(RightsPage, '/rights');
    await userEvent.click(within(screen.getByTestId('right-revenue')).getByRole('button', { name: '申请开通' }));
    expect(apply).toHaveBeenCalledWith({ code: 'revenue' });
    expect(await screen.findByText('申请已提交，请等待审核')).toBeInTheDocument();
    apply.mockResolvedValue({ error: { kind: 'business', code: 1006, message: '账号已被封禁，暂不能进行此操作' } });
    await userEvent.click(within(screen.getByTestId('right-appreciation')).getByRole('button', { name: '重新申请' }));
    await waitFor(() => expect(screen.getByText('账号已被封禁，暂不能进行此操作')).toBeInTheDocument());
  });
});
