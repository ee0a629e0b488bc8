import { SHELL_ROUTES, sidebarEntries, type SidebarRules } from 'shared-sdk';
import { DRAFTS_WITH_DRAMA, TOOLS_WITH_JOBS } from '../testing/fixtures';
import { highlightFor, highlightRules } from './highlight';

// The host's own declarations plus remotes' as the host receives them (the remotes test their real ones).
const ROUTES = [...SHELL_ROUTES, ...DRAFTS_WITH_DRAMA.routes, ...TOOLS_WITH_JOBS.routes];
const sidebar = (rules: SidebarRules) => sidebarEntries(ROUTES, rules);
const urls = (rules: SidebarRules) => sidebar(rules).flatMap((entry) => [entry.ap_url, ...(entry.children ?? []).map((child) => child.ap_url)]);

describe('the host’s sidebar entries (docs/product.md §2)', () => {
  it('declares 首页 first, at /index, with its icon', () => {
    const [home] = sidebarEntries(SHELL_ROUTES, { shortDrama: true, tools: ['oddjobs'] });
    expect(home).toMatchObject({ ap_name: '首页', ap_url: '/index', ap_icon: 'home' });
    expect(sidebarEntries(SHELL_ROUTES, { shortDrama: true, tools: ['oddjobs'] })).toHaveLength(1);
  });

  it.each(['/notice', '/user', '/password'])('%s highlights /index', (path) => {
    expect(highlightFor(path, highlightRules(SHELL_ROUTES))).toBe('/index');
  });
});

describe('sidebarEntries (docs/product.md §2, §6)', () => {
  it('adds 短剧 under 稿件管理 only when the authority check answers true', () => {
    expect(urls({ shortDrama: true, tools: [] })).toContain('/shortPlay');
    expect(urls({ shortDrama: false, tools: [] })).not.toContain('/shortPlay');
    const group = sidebar({ shortDrama: true, tools: [] }).find((entry) => entry.ap_name === '稿件管理');
    expect(group?.children?.map((child) => child.ap_name)).toEqual(['稿件库', '草稿箱', '短剧']);
  });

  it('adds the 工具 group with 招聘管理 only when the tool list holds oddjobs', () => {
    expect(urls({ shortDrama: false, tools: ['oddjobs'] })).toContain('/tools/job/index');
    expect(urls({ shortDrama: false, tools: ['other'] })).not.toContain('/tools/job/index');
    expect(sidebar({ shortDrama: false, tools: [] }).some((entry) => entry.ap_name === '工具')).toBe(false);
  });

  it('leaves the declarations untouched', () => {
    sidebar({ shortDrama: true, tools: ['oddjobs'] });
    expect(sidebar({ shortDrama: false, tools: [] }).find((entry) => entry.ap_name === '稿件管理')?.children).toHaveLength(2);
  });

  it('orders top-level entries and groups together, and the entries of a group among themselves', () => {
    const menu = sidebar({ shortDrama: true, tools: ['oddjobs'] });
    expect(menu.map((entry) => entry.ap_name)).toEqual(['首页', '稿件管理', '排行榜', '权益中心', '工具']);
    expect(menu.find((entry) => entry.ap_name === '排行榜')?.openType).toBe('window');
  });
});
