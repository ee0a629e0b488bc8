import { fireEvent, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { renderWithProviders } from 'shared-sdk/testing';
import { ScheduleDialog } from './schedule-dialog';

jest.setTimeout(60_000);

// antd puts a space between the two characters of a button's label (确 定, 取 消).
const named = (label: string) => ({ name: new RegExp(`^${[...label].join('\\s?')}$`) });

/** The instant a China-time text ('YYYY-MM-DD HH:mm') names, whatever the zone the test runs in. */
const china = (text: string) => Date.parse(`${text.replace(' ', 'T')}:00+08:00`);
/** How the picker (and the hint) show a China-time instant: in the browser's own zone, which is China's for the creators. */
const local = (text: string, format: string) => dayjs(china(text)).format(format);

// Saturday 2026-11-28 09:30 in China: the window runs from 11-28 09:40 to 12-05 09:30.
const NOW = china('2026-11-28 09:30');

function mount() {
  const onConfirm = jest.fn<void, [string]>();
  const onCancel = jest.fn<void, []>();
  renderWithProviders(<ScheduleDialog open now={() => NOW} onCancel={onCancel} onConfirm={onConfirm} />);
  const dialog = screen.getByRole('dialog');
  return { onConfirm, onCancel, dialog, confirm: () => fireEvent.click(within(dialog).getByRole('button', named('确定'))) };
}

/**
 * Types a time into 发布时间 as a creator would and confirms it with Enter: with a time part the picker
 * keeps a typed time pending until it is confirmed (Enter or the picker's own 确定).
 */
function choose(chinaTime: string) {
  const input = screen.getByLabelText('发布时间');
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: local(chinaTime, 'YYYY-MM-DD HH:mm') } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  expect(input).toHaveValue(local(chinaTime, 'YYYY-MM-DD HH:mm'));
}

describe('定时发布 dialog', () => {
  it('names the window it accepts: from 10 minutes to 7 days ahead', () => {
    const { dialog } = mount();
    expect(within(dialog).getByText('定时发布')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('发布时间')).toHaveAttribute('placeholder', '选择发布时间');
    expect(
      within(dialog).getByText(`可选择 ${local('2026-11-28 09:40', 'MM-DD HH:mm')} 至 ${local('2026-12-05 09:30', 'MM-DD HH:mm')} 之间的时间`),
    ).toBeInTheDocument();
  });

  it('asks for a time when 确定 is pressed before one is chosen, and schedules nothing', () => {
    const { dialog, confirm, onConfirm } = mount();
    confirm();
    expect(within(dialog).getByText('请选择定时发布时间')).toBeInTheDocument();
    expect(within(dialog).queryByText(/^可选择/)).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sends a time chosen in the window as China time', () => {
    const { confirm, onConfirm } = mount();
    choose('2026-11-30 20:15');
    confirm();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith('2026-11-30 20:15:00');
  });

  it('refuses a time under 10 minutes ahead, and one over 7 days ahead, with the reason', () => {
    const { dialog, confirm, onConfirm } = mount();
    choose('2026-11-28 09:35');
    confirm();
    expect(within(dialog).getByText('定时发布时间需晚于当前时间10分钟')).toBeInTheDocument();
    choose('2026-12-05 09:45');
    confirm();
    expect(within(dialog).getByText('定时发布时间不能超过7天')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('accepts the edges of the window: exactly 10 minutes and exactly 7 days ahead', () => {
    const { confirm, onConfirm } = mount();
    choose('2026-11-28 09:40');
    confirm();
    choose('2026-12-05 09:30');
    confirm();
    expect(onConfirm.mock.calls).toEqual([['2026-11-28 09:40:00'], ['2026-12-05 09:30:00']]);
  });

  it('取消 closes without scheduling', () => {
    const { dialog, onCancel, onConfirm } = mount();
    fireEvent.click(within(dialog).getByRole('button', named('取消')));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
