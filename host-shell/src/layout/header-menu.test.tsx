import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeaderMenu } from './header-menu';

const ITEMS = [
  { key: 'a', label: '文章' },
  { key: 'b', label: '视频' },
  { key: 'c', label: '动态' },
];

function renderMenu(openOnHover = false) {
  const onSelect = jest.fn();
  render(
    <>
      <HeaderMenu
        items={ITEMS}
        onSelect={onSelect}
        openOnHover={openOnHover}
        trigger={(props) => (
          <button type="button" {...props}>
            内容创作
          </button>
        )}
      />
      <button type="button">客服</button>
    </>,
  );
  return { onSelect, trigger: screen.getByRole('button', { name: '内容创作' }) };
}

describe('HeaderMenu', () => {
  it('a click opens it as a menu button says it does; an entry runs once and closes it', async () => {
    const user = userEvent.setup();
    const { onSelect, trigger } = renderMenu();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', screen.getByRole('menu').id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['文章', '视频', '动态']);
    // A pointer's click leaves focus on the trigger, as antd's Dropdown did.
    expect(trigger).toHaveFocus();

    await user.click(screen.getByRole('menuitem', { name: '视频' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith('b');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('is reached and used with the keyboard alone', async () => {
    const user = userEvent.setup();
    const { onSelect, trigger } = renderMenu();
    await user.tab();
    expect(trigger).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: '文章' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '视频' })).toHaveFocus();
    expect(screen.getByRole('menuitem', { name: '视频' })).toHaveClass('ant-dropdown-menu-item-active');
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: '动态' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '文章' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: '动态' })).toHaveFocus();

    // Escape closes it and gives focus back to the trigger.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();

    // ArrowUp opens it on the last entry; Space runs the focused one and focus returns to the trigger.
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: '动态' })).toHaveFocus();
    await user.keyboard('{Home}');
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenCalledWith('a');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    // Space on the trigger opens it too; Tab goes on to the next control and closes it.
    await user.keyboard(' ');
    expect(screen.getByRole('menuitem', { name: '文章' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '客服' })).toHaveFocus();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on a click outside, and on a second click of the trigger', async () => {
    const user = userEvent.setup();
    const { trigger } = renderMenu();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: '客服' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(trigger);
    await user.click(trigger);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('with openOnHover, opens when the pointer rests on it, stays open under a click, closes when it leaves', () => {
    jest.useFakeTimers();
    try {
      const { trigger } = renderMenu(true);
      const frame = trigger.parentElement as HTMLElement;
      fireEvent.mouseEnter(frame);
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.getByRole('menu')).toBeInTheDocument();

      fireEvent.click(trigger, { detail: 1 });
      expect(screen.getByRole('menu')).toBeInTheDocument();

      // Passing from the trigger to the list does not leave the frame they share.
      fireEvent.mouseEnter(screen.getByRole('menuitem', { name: '视频' }));
      fireEvent.mouseLeave(frame);
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
