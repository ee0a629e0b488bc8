import '../testing/indexeddb';
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { ManuscriptStatus, type ArticleAddAnswer } from 'shared-sdk/contract';
import { renderScreen } from 'shared-sdk/testing';
import { editorCalls } from '../api/editor-calls';
import type * as ScheduleDialogModule from '../features/draft/components/schedule-dialog';
import { PostPage } from './post-page';

jest.mock('../api/editor-calls', () => ({
  editorCalls: { save: jest.fn(), manuscripts: jest.fn(), showDraft: jest.fn(), useMaterial: jest.fn() },
}));
jest.mock('../api/picker-api', () => ({ usePickerMaterialsQuery: () => ({ data: { data: { total: 0, data: [] } }, isFetching: false }) }));
// The real dialog, only counted: when its module is first evaluated is what "loaded lazily" means.
const mockDialogModuleLoaded = jest.fn();
jest.mock('../features/draft/components/schedule-dialog', () => {
  mockDialogModuleLoaded();
  return jest.requireActual<typeof ScheduleDialogModule>('../features/draft/components/schedule-dialog');
});

jest.setTimeout(300_000);

const save = editorCalls.save as jest.Mock;
const named = (label: string) => ({ name: new RegExp(`^${[...label].join('\\s?')}$`) });

/** An instant as China time writes it ('YYYY-MM-DD HH:mm:ss'), by the platform's own zone data. */
const chinaText = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms);

describe('post page, its writing session: 定时发布', () => {
  it('loads the dialog only when its button is pointed at, checks the piece, and schedules it at the chosen time', async () => {
    renderScreen(PostPage, '/post');
    const text = await screen.findByLabelText('动态内容');
    const button = screen.getByRole('button', named('定时发布'));
    // The screen's first render neither loads nor shows the dialog.
    expect(mockDialogModuleLoaded).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('发布时间')).not.toBeInTheDocument();

    // Pointing at the button fetches it ahead of the click, still without showing it.
    fireEvent.pointerEnter(button);
    await waitFor(() => expect(mockDialogModuleLoaded).toHaveBeenCalledTimes(1));
    expect(screen.queryByLabelText('发布时间')).not.toBeInTheDocument();

    // An empty post cannot be scheduled: the reason shows and the dialog stays closed.
    fireEvent.click(button);
    expect((await screen.findAllByText('请输入动态内容')).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('发布时间')).not.toBeInTheDocument();

    fireEvent.change(text, { target: { value: '黄河边的秋天，芦苇都白了' } });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: '定时发布' });
    expect(within(dialog).getByText(/^可选择 .+ 至 .+ 之间的时间$/)).toBeInTheDocument();

    const at = dayjs().add(2, 'day').startOf('minute');
    const answer: ArticleAddAnswer = {
      draft_id: 31,
      version: 1,
      update_time: chinaText(Date.now()),
      manuscript_id: 8,
      status: ManuscriptStatus.SCHEDULED,
      publish_time: chinaText(at.valueOf()),
    };
    save.mockResolvedValueOnce(answer);
    const input = within(dialog).getByLabelText('发布时间');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: at.format('YYYY-MM-DD HH:mm') } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    fireEvent.click(within(dialog).getByRole('button', named('确定')));

    expect(await screen.findByText('定时发布设置成功')).toBeInTheDocument();
    expect(screen.getByText(`将于 ${chinaText(at.valueOf())} 发布`)).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0]).toMatchObject({ save_type: 3, type: 5, content: '<p>黄河边的秋天，芦苇都白了</p>', publish_time: chinaText(at.valueOf()) });
    expect(mockDialogModuleLoaded).toHaveBeenCalledTimes(1);
  });
});
