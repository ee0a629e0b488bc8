import { SIDEBAR_MENU, sidebarMenu } from './menu-data';

const urls = (rules: Parameters<typeof sidebarMenu>[1]) =>
  sidebarMenu(SIDEBAR_MENU, rules).flatMap((entry) => [entry.ap_url, ...(entry.children ?? []).map((child) => child.ap_url)]);

describe('sidebarMenu (spec §2, §6)', () => {
  it('adds 短剧 under 稿件管理 only when the authority check answers true', () => {
    expect(urls({ shortDrama: true, tools: [] })).toContain('/shortPlay');
    expect(urls({ shortDrama: false, tools: [] })).not.toContain('/shortPlay');
    const group = sidebarMenu(SIDEBAR_MENU, { shortDrama: true, tools: [] }).find((entry) => entry.ap_name === '稿件管理');
    expect(group?.children?.map((child) => child.ap_name)).toEqual(['稿件库', '草稿箱', '短剧']);
  });

  it('adds the 工具 group with 招聘管理 only when the tool list holds oddjobs', () => {
    expect(urls({ shortDrama: false, tools: ['oddjobs'] })).toContain('/tools/job/index');
    expect(urls({ shortDrama: false, tools: ['other'] })).not.toContain('/tools/job/index');
    expect(sidebarMenu(SIDEBAR_MENU, { shortDrama: false, tools: [] }).some((entry) => entry.ap_name === '工具')).toBe(false);
  });

  it('leaves the base menu untouched', () => {
    sidebarMenu(SIDEBAR_MENU, { shortDrama: true, tools: ['oddjobs'] });
    expect(SIDEBAR_MENU.find((entry) => entry.ap_name === '稿件管理')?.children).toHaveLength(2);
  });
});
