import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter, Route, Routes, useLocation } from 'shared-sdk/router';
import { newsCall, type NewspaperPage as Page } from 'shared-sdk';
import { newspaper } from 'shared-sdk/contract/calls';
import { NewspaperPage } from './newspaper-page';

jest.mock('shared-sdk', () => ({ ...jest.requireActual('shared-sdk'), newsCall: jest.fn() }));
const mockedNewsCall = newsCall as jest.MockedFunction<typeof newsCall>;

// The page opens on "today": the test sets the clock (only Date; timers stay real for the UI), so it
// passes at every hour, including across midnight between loading this file and rendering.
const NOW = new Date(2026, 10, 23, 0, 0, 30);
const REAL_TIMERS = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'nextTick',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'hrtime',
  'performance',
] as const;
beforeAll(() => jest.useFakeTimers({ now: NOW, doNotFake: [...REAL_TIMERS] }));
afterAll(() => jest.useRealTimers());
const today = '2026-11-23';
const yesterday = '2026-11-22';
const issue = (n: number, tag = 'a'): Page[] => Array.from({ length: n }, (_, i) => ({ img: `/oss/${tag}/${i + 1}.jpg`, pdf: `/oss/${tag}/${i + 1}.pdf` }));

function Location() {
  const location = useLocation();
  return <output aria-label="url">{location.search}</output>;
}

function renderPage(url = '/newspaper') {
  return render(
    <ConfigProvider locale={zhCN}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/newspaper"
            element={
              <>
                <NewspaperPage />
                <Location />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const lastCall = () => mockedNewsCall.mock.calls.at(-1);
const pageImages = () => screen.queryAllByRole('img', { name: /^第\d+版$/ });

describe('NewspaperPage', () => {
  beforeEach(() => mockedNewsCall.mockReset());

  it('opens on 河南日报 (type 1) and today, and lists the pages lazily with their numbers', async () => {
    mockedNewsCall.mockResolvedValue(issue(3));
    renderPage();
    expect(await screen.findByRole('img', { name: '第3版' })).toBeInTheDocument();
    expect(mockedNewsCall).toHaveBeenCalledTimes(1);
    expect(lastCall()?.slice(0, 2)).toEqual([newspaper.hisPaper, { date: today, type: 1 }]);
    expect(lastCall()?.[2]).toMatchObject({ skipErrorHandler: true });
    expect(screen.getByRole('radio', { name: '河南日报' })).toBeChecked();
    expect(screen.getAllByRole('radio')).toHaveLength(8);
    expect(screen.getByDisplayValue(today)).toBeInTheDocument();
    expect(pageImages().map((img) => img.getAttribute('loading'))).toEqual(['lazy', 'lazy', 'lazy']);
    expect(screen.getByText('第1版')).toBeInTheDocument();
  });

  it('takes paper and day from the URL', async () => {
    mockedNewsCall.mockResolvedValue(issue(2));
    renderPage('/newspaper?type=5&date=2026-11-20');
    await screen.findByRole('img', { name: '第2版' });
    expect(lastCall()?.[1]).toEqual({ date: '2026-11-20', type: 5 });
    expect(screen.getByRole('radio', { name: '地市党报' })).toBeChecked();
  });

  it('reloads when the paper or the day changes, and keeps both in the URL', async () => {
    mockedNewsCall.mockResolvedValue(issue(2));
    renderPage();
    await screen.findByRole('img', { name: '第2版' });

    fireEvent.click(screen.getByRole('radio', { name: '大河报' }));
    await waitFor(() => expect(lastCall()?.[1]).toEqual({ date: today, type: 3 }));
    expect(screen.getByLabelText('url')).toHaveTextContent(`?type=3&date=${today}`);

    fireEvent.click(screen.getByRole('button', { name: '前一天' }));
    await waitFor(() => expect(lastCall()?.[1]).toEqual({ date: yesterday, type: 3 }));
    expect(screen.getByLabelText('url')).toHaveTextContent(`?type=3&date=${yesterday}`);
    expect(mockedNewsCall).toHaveBeenCalledTimes(3);
  });

  it('shows a clear empty state for a day without an issue', async () => {
    mockedNewsCall.mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText('该日暂无版面')).toBeInTheDocument();
  });

  it('on a failure only logs, and the list stays as it was', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    mockedNewsCall.mockResolvedValueOnce(issue(2)).mockRejectedValueOnce(Object.assign(new Error('网络错误，请检查网络'), { kind: 'network' }));
    renderPage();
    await screen.findByRole('img', { name: '第2版' });
    fireEvent.click(screen.getByRole('radio', { name: '法制报' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(pageImages()).toHaveLength(2);
    expect(screen.queryByText('该日暂无版面')).not.toBeInTheDocument();
    logged.mockRestore();
  });

  it('opens a page as a PDF in a dialog and steps with the buttons and the arrow keys', async () => {
    // jsdom cannot measure the scrollbar the dialog hides (getComputedStyle with a pseudo-element).
    const jsdomNoise = jest.spyOn(console, 'error').mockImplementation(() => {});
    mockedNewsCall.mockResolvedValue(issue(3));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '打开第2版' }));
    const dialog = await screen.findByRole('dialog');
    const frame = () => within(dialog).getByTitle(/^第\d版 PDF$/);
    expect(frame()).toHaveAttribute('src', '/oss/a/2.pdf#navpanes=0&view=FitH');
    expect(within(dialog).getByText('第2版（共3版）')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: /下一版/ }));
    expect(frame()).toHaveAttribute('src', '/oss/a/3.pdf#navpanes=0&view=FitH');
    expect(within(dialog).getByRole('button', { name: /下一版/ })).toBeDisabled();

    act(() => void fireEvent.keyDown(window, { key: 'ArrowLeft' }));
    act(() => void fireEvent.keyDown(window, { key: 'ArrowLeft' }));
    expect(frame()).toHaveAttribute('src', '/oss/a/1.pdf#navpanes=0&view=FitH');
    expect(within(dialog).getByRole('button', { name: /上一版/ })).toBeDisabled();
    act(() => void fireEvent.keyDown(window, { key: 'ArrowRight' }));
    expect(frame()).toHaveAttribute('src', '/oss/a/2.pdf#navpanes=0&view=FitH');

    fireEvent.click(within(dialog).getByRole('button', { name: /上一版/ }));
    expect(frame()).toHaveAttribute('src', '/oss/a/1.pdf#navpanes=0&view=FitH');
    jsdomNoise.mockRestore();
  });
});
