import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'shared-sdk/router';
import type { MenuEntry, RouteOpen } from 'shared-sdk';
import { SideMenu } from './side-menu';

const entries: MenuEntry[] = [
  { ap_name: '帮助中心', ap_url: '/helpCenter', ap_icon: 'question', ap_sort: 9 },
  { ap_name: '首页', ap_url: '/index', ap_icon: 'home', ap_sort: 1 },
  {
    ap_name: '素材',
    ap_url: '',
    ap_icon: 'picture',
    ap_sort: 3,
    children: [
      { ap_name: '公共素材', ap_url: '/material/1', ap_icon: '', ap_sort: 2 },
      { ap_name: '我的素材', ap_url: '/material/0', ap_icon: '', ap_sort: 1 },
    ],
  },
  { ap_name: '排行榜', ap_url: '/rank', ap_icon: 'trophy', ap_sort: 4 },
  { ap_name: '政务', ap_url: '/govAffairs', ap_icon: 'bank', ap_sort: 5 },
];

const routeOpens = new Map<string, RouteOpen>([['/rank', 'window']]);

function Where() {
  return <output aria-label="path">{useLocation().pathname}</output>;
}

function menuAt(path: string, available: (url: string) => boolean) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <SideMenu entries={entries} highlightRules={[]} isAvailable={available} routeOpens={routeOpens} />
      <Where />
    </MemoryRouter>
  );
}

function renderMenu(path: string, available: (url: string) => boolean = () => true) {
  return render(menuAt(path, available));
}

describe('SideMenu', () => {
  it('renders ap_* entries sorted by ap_sort at every level', () => {
    renderMenu('/index');
    const names = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(names).toEqual(['首页', '素材', '我的素材', '公共素材', '排行榜', '政务', '帮助中心']);
  });

  it('highlights the entry of the current path', () => {
    renderMenu('/material/1');
    const selected = screen.getAllByRole('menuitem').filter((item) => item.className.includes('-selected'));
    expect(selected.map((item) => item.textContent)).toEqual(['公共素材']);
    expect(screen.getByRole('menuitem', { current: 'page' })).toHaveTextContent('公共素材');
  });

  it('is one tab stop, moved through with the arrow keys, and opens entries and groups from the keyboard', async () => {
    const user = userEvent.setup();
    renderMenu('/material/1');
    // The current page's entry is the menu's one place in the tab order.
    await user.tab();
    expect(screen.getByRole('menuitem', { name: '公共素材' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '排行榜' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: '我的素材' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('path')).toHaveTextContent('/material/0');
    // Left goes to the group, Left again closes it: its entries leave the arrow keys' round.
    await user.keyboard('{ArrowLeft}');
    const group = screen.getByRole('menuitem', { name: '素材' });
    expect(group).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('我的素材')).not.toBeVisible();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '排行榜' })).toHaveFocus();
    await user.keyboard('{End}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: '首页' })).toHaveFocus();
    // Space on a group opens it again.
    await user.keyboard('{ArrowDown} ');
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('我的素材')).toBeVisible();
  });

  it('hides entries no route serves, and groups left empty', () => {
    renderMenu('/index', (url) => !url.startsWith('/material') && url !== '/govAffairs');
    expect(screen.queryByText('素材')).not.toBeInTheDocument();
    expect(screen.queryByText('政务')).not.toBeInTheDocument();
    expect(within(screen.getByRole('menu')).getByText('首页')).toBeInTheDocument();
  });

  it('opens an entry whose route opens in a new window with window.open', async () => {
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    renderMenu('/index');
    await userEvent.click(screen.getByText('排行榜'));
    expect(open).toHaveBeenCalledWith('/rank', '_blank', expect.stringContaining('width='));
    open.mockRestore();
  });

  it('opens a group that appears once the remotes are known, and keeps a group the creator closed closed', async () => {
    // At first no remote is known: the materials group is not there yet.
    const { rerender } = renderMenu('/material/0', (url) => !url.startsWith('/material'));
    expect(screen.queryByText('素材')).not.toBeInTheDocument();
    rerender(menuAt('/material/0', () => true));
    expect(screen.getByText('我的素材')).toBeVisible();

    await userEvent.click(screen.getByText('素材'));
    await waitFor(() => expect(screen.queryByText('我的素材')).not.toBeVisible());
    rerender(menuAt('/material/0', () => true));
    expect(screen.queryByText('我的素材')).not.toBeVisible();
  });
});
