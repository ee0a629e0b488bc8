import '../testing/quill-dom';
import '../testing/indexeddb';
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { onSessionEvent } from 'shared-sdk';
import { BanType, DRAMA_LIMITS, type ArticleAddAnswer } from 'shared-sdk/contract';
import { exposedModules, type FederationConfigModule, renderScreen, VERIFIED_USER } from 'shared-sdk/testing';
import { editorCalls } from '../api/editor-calls';
import { episodeCalls } from '../features/episode/api/episode-calls';

jest.mock('../api/editor-calls', () => ({
  editorCalls: { save: jest.fn(), manuscripts: jest.fn(), showDraft: jest.fn(), useMaterial: jest.fn() },
}));
jest.mock('../features/episode/api/episode-calls', () => ({ episodeCalls: { hasAuth: jest.fn(), mySeries: jest.fn(), episode: jest.fn(), save: jest.fn() } }));
jest.mock('../api/picker-api', () => ({ usePickerMaterialsQuery: () => ({ data: { data: { total: 0, data: [] } }, isFetching: false }) }));

const save = editorCalls.save as jest.Mock;
(editorCalls.manuscripts as jest.Mock).mockResolvedValue({ returnData: [], count: 0 });

// What module-federation.config.js exposes, as the build reads it (not a copy of its list).
const federation = jest.requireActual<FederationConfigModule>('../../module-federation.config.js');
const exposed = exposedModules(federation.default, `${__dirname}/../..`);

jest.setTimeout(300_000);

const PUBLISHED: ArticleAddAnswer = { draft_id: 31, version: 2, update_time: '2026-11-23 10:00:00', manuscript_id: 8, status: 5, publish_time: null };

async function open(module: string, path: string, url = path, user = VERIFIED_USER) {
  const { default: Screen } = await (exposed[module] as () => Promise<{ default: () => React.JSX.Element }>)();
  return renderScreen(Screen, path, url, { user });
}

beforeEach(() => save.mockReset().mockResolvedValue(PUBLISHED));

describe('mf_editor screens', () => {
  it('/episode: needs the short-drama authority; with it, offers my series and the next episode number', async () => {
    (episodeCalls.hasAuth as jest.Mock).mockResolvedValueOnce({ check: false });
    const refused = await open('./Episode', '/episode');
    expect(await screen.findByText('暂无短剧权限')).toBeInTheDocument();
    refused.unmount();
    (episodeCalls.hasAuth as jest.Mock).mockResolvedValueOnce({ check: true });
    (episodeCalls.mySeries as jest.Mock).mockResolvedValueOnce({
      total: 1,
      list: [{ id: 4, title: '黄河人家', cover_url: '', intro: '', status: 1, episode_count: 2, create_time: '', update_time: '' }],
    });
    await open('./Episode', '/episode', '/episode?dramaId=4');
    expect(await screen.findByText('黄河人家')).toBeInTheDocument();
    expect(screen.getByLabelText('集数')).toHaveValue('3');
    // A title of the limit in emoji: one character each, as the server counts; one more does not go in.
    const title = '🎬'.repeat(DRAMA_LIMITS.episodeTitleMax);
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: `${title}🎬` } });
    expect(screen.getByLabelText('标题')).toHaveValue(title);
    expect(screen.getByText(`${DRAMA_LIMITS.episodeTitleMax} / ${DRAMA_LIMITS.episodeTitleMax}`)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('请选择视频')).toBeInTheDocument();
    expect(screen.queryByText(`标题最多${DRAMA_LIMITS.episodeTitleMax}个字`)).not.toBeInTheDocument();
    expect(episodeCalls.save).not.toHaveBeenCalled();
  });

  it('/scriptWrite: the article screen refuses to publish without a 5–64 character title, then publishes', async () => {
    await open('./ScriptWrite', '/scriptWrite');
    const title = await screen.findByLabelText('标题');
    expect(screen.getByText('写文章')).toBeInTheDocument();
    expect(screen.getByRole('toolbar', { name: '编辑工具栏' })).toBeInTheDocument();
    for (const mode of ['单图', '三图', '无封面']) expect(screen.getByText(mode)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '发 布' }));
    expect((await screen.findAllByText('标题需要5到64个字')).length).toBeGreaterThan(0);
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(title, { target: { value: '黄河岸边的秋天' } });
    fireEvent.click(screen.getByText('无封面'));
    document.querySelector('.ql-editor')!.innerHTML = '<p>正文第一段</p>';
    await waitFor(() => expect(document.querySelector('.ql-editor')?.textContent).toBe('正文第一段'));
    fireEvent.click(screen.getByRole('button', { name: '发 布' }));
    expect(await screen.findByText('发布成功，等待审核')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '前往稿件库' })).toBeInTheDocument();
    expect(save.mock.calls[0][0]).toMatchObject({ save_type: 2, type: 1, title: '黄河岸边的秋天', content: '<p>正文第一段</p>', cover_mode: 0, covers: '[]' });
  });

  it('/scriptWrite: an unverified creator is refused and the shell is asked for the real-name dialog', async () => {
    const asked = jest.fn();
    const off = onSessionEvent('cert-required', asked);
    await open('./ScriptWrite', '/scriptWrite', '/scriptWrite', { ...VERIFIED_USER, u_cert: 0 });
    expect(await screen.findByText(/暂时无法创作/)).toBeInTheDocument();
    expect(asked).toHaveBeenCalled();
    expect(screen.queryByLabelText('标题')).not.toBeInTheDocument();
    off();
  });

  it('/post: a creator banned from posts (range 3) is refused', async () => {
    const banned = jest.fn();
    const off = onSessionEvent('banned', banned);
    await open('./Post', '/post', '/post', { ...VERIFIED_USER, banData: { ban_type: BanType.CREATION, ban_reason: '违规', ban_range_type: '3' } });
    expect(await screen.findByText(/暂时无法创作/)).toBeInTheDocument();
    expect(banned).toHaveBeenCalledWith(expect.objectContaining({ range: '3' }));
    off();
  });

  it('/post: text over 2,000 characters is refused with the limit', async () => {
    await open('./Post', '/post');
    fireEvent.change(await screen.findByLabelText('动态内容'), { target: { value: '字'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: '发 布' }));
    expect((await screen.findAllByText('动态内容最多2000个字')).length).toBeGreaterThan(0);
    expect(save).not.toHaveBeenCalled();
  });

  it('/graphWrite: a gallery needs at least 3 images', async () => {
    await open('./GraphWrite', '/graphWrite');
    fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '老街里的手艺人' } });
    fireEvent.click(screen.getByRole('button', { name: '发 布' }));
    expect((await screen.findAllByText('图集至少需要3张图片')).length).toBeGreaterThan(0);
    expect(save).not.toHaveBeenCalled();
  });

  it('/videoWrite: a video piece needs its video; with isPack=1 it is the collection editor needing 2 works', async () => {
    const video = await open('./VideoWrite', '/videoWrite');
    fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '二七广场的夜景' } });
    expect(screen.getByTestId('video-field')).toHaveAttribute('data-state', 'empty');
    fireEvent.click(screen.getByRole('button', { name: '发 布' }));
    expect((await screen.findAllByText('请上传视频')).length).toBeGreaterThan(0);
    video.unmount();
    await open('./VideoWrite', '/videoWrite', '/videoWrite?isPack=1');
    expect(await screen.findByText('发合集')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '郑州城市更新合集' } });
    fireEvent.click(screen.getByRole('button', { name: '发 布' }));
    expect((await screen.findAllByText('请选择封面')).length).toBeGreaterThan(0);
    expect(save).not.toHaveBeenCalled();
  });
});
