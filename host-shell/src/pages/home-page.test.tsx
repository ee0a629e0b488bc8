import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VERIFIED_USER } from '../testing/fixtures';
import { renderApp } from '../testing/render-app';

jest.setTimeout(60_000);

const SCORE = {
  user_score: 72,
  day: '2026-11-23',
  dimensions: { creation: 100, activity: 13, quality: 67, interaction: 46, credit: 100 },
  level: 3,
  previous_score: 70,
};

describe('home page score card', () => {
  it('shows the score, the level, each dimension and a link to the rights centre', async () => {
    const { history } = renderApp({ url: '/index', user: VERIFIED_USER, client: { userScore: () => Promise.resolve(SCORE) } });
    // The first render of the whole shell is slow on a busy machine.
    const card = await screen.findByTestId('score-card', {}, { timeout: 15_000 });
    expect(within(card).getByText('Lv3 优质作者')).toBeInTheDocument();
    for (const label of ['创作 100', '活跃 13', '质量 67', '互动 46', '信用 100']) expect(within(card).getByLabelText(label)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '查看权益与历史' }));
    expect(history.location.pathname).toBe('/rights');
  });

  it("holds the score card's place while the score is on its way, then fills it", async () => {
    let answer: (score: typeof SCORE) => void = () => undefined;
    renderApp({ url: '/index', user: VERIFIED_USER, client: { userScore: () => new Promise((resolve) => (answer = resolve)) } });
    // The card's title and link are there before its figures, so the cards below it do not move when they come.
    expect(await screen.findByRole('link', { name: '查看权益与历史' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('score-card')).not.toBeInTheDocument();
    answer(SCORE);
    const card = await screen.findByTestId('score-card');
    expect(within(card).getByText('Lv3 优质作者')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '查看权益与历史' })).toHaveLength(1);
  });

  it('keeps to the plain score when the server answers user_score only', async () => {
    renderApp({ url: '/index', user: VERIFIED_USER, client: { userScore: () => Promise.resolve({ user_score: 60 }) } });
    expect(await screen.findByText('60', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('score-card')).not.toBeInTheDocument();
  });
});
