import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DRAMA_LIMITS, type DramaEpisode, type DramaSeries } from 'shared-sdk';
import { renderWithProviders } from 'shared-sdk/testing';
import { DramaFormDialog } from './components/drama-form-dialog';
import { DramaGrid } from './components/drama-grid';
import { EpisodeTable } from './components/episode-table';

// antd dialogs in jsdom are slow on a shared CI machine.
jest.setTimeout(90_000);

const series = (id: number, status: 1 | 2, episodes: number, cover = ''): DramaSeries => ({
  id,
  title: `短剧${id}`,
  cover_url: cover,
  intro: '',
  status,
  episode_count: episodes,
  create_time: '2026-11-20 10:00:00',
  update_time: '2026-11-20 10:00:00',
});

describe('my series', () => {
  it('shows cover, title, episode count and status text; opens a series', () => {
    const onOpen = jest.fn();
    renderWithProviders(<DramaGrid dramas={[series(1, 1, 3, '/oss/creator/c.png'), series(2, 2, 0)]} onOpen={onOpen} />);
    const [first, second] = screen.getAllByTestId('drama-card').map((card) => within(card));
    expect(first?.getByAltText('短剧1封面')).toHaveAttribute('src', '/oss/creator/c.png');
    expect(first?.getByText('共3集')).toBeInTheDocument();
    expect(first?.getByText('连载中')).toBeInTheDocument();
    expect(second?.getByText('已完结')).toBeInTheDocument();
    expect(second?.getByLabelText('暂无封面')).toBeInTheDocument();
    fireEvent.click(screen.getByText('短剧2'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('says how to start when there is none', () => {
    renderWithProviders(<DramaGrid dramas={[]} onOpen={() => {}} />);
    expect(screen.getByText('还没有短剧，点击“新建短剧”开始创作')).toBeInTheDocument();
  });
});

describe('series form', () => {
  it('requires a title, then submits it trimmed with status 连载中', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<DramaFormDialog open onSubmit={onSubmit} onCancel={() => {}} />);
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: /保\s*存/ }));
    expect(await dialog.findByText('请输入1-30个字的短剧名称', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(dialog.getByLabelText('短剧名称'), { target: { value: '  黄河人家  ' } });
    fireEvent.click(dialog.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title: '黄河人家', cover_url: '', intro: '', status: 1 }));
  });

  it(`takes a name of ${DRAMA_LIMITS.titleMax} emoji: characters are counted as the server counts them (code points)`, async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<DramaFormDialog open onSubmit={onSubmit} onCancel={() => {}} />);
    const dialog = within(screen.getByRole('dialog'));
    const title = '🎬'.repeat(DRAMA_LIMITS.titleMax);
    fireEvent.change(dialog.getByLabelText('短剧名称'), { target: { value: `${title}🎬` } });
    expect(dialog.getByLabelText('短剧名称')).toHaveValue(title);
    expect(dialog.getByText(`${DRAMA_LIMITS.titleMax} / ${DRAMA_LIMITS.titleMax}`)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ title, cover_url: '', intro: '', status: 1 }));
  });
});

describe('episodes', () => {
  it('lists them as given (in episode order) and opens the editor of one in a new tab', () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const episode = (id: number, no: number): DramaEpisode => ({
      id,
      drama_id: 9,
      episode_no: no,
      title: `标题${no}`,
      video_url: 'https://v.example.com/a.mp4',
      cover_url: '',
      create_time: '',
      update_time: '2026-11-20 10:00:00',
    });
    renderWithProviders(<EpisodeTable dramaId={9} episodes={[episode(5, 1), episode(4, 2)]} />);
    const rows = [...document.querySelectorAll<HTMLElement>('.episode-row')];
    expect(rows.map((row) => within(row).getByText(/^第\d+集$/).textContent)).toEqual(['第1集', '第2集']);
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /编\s*辑/ }));
    expect(open).toHaveBeenCalledWith('/episode?dramaId=9&episodeId=4', '_blank', 'noopener');
    open.mockRestore();
  });
});
