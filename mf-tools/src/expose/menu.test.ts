import { sidebarEntries, type SidebarRules } from 'shared-sdk';
import { sidebarOutline } from 'shared-sdk/testing/sidebar';
import routes from './routes';

// The expected entries are docs/product.md §2 (Shell, Routes: /rank opens in a new window) and §6 written out, not read from routes.ts.
const outline = (rules: SidebarRules) => sidebarOutline(sidebarEntries(routes, rules));
const EVERYONE = ['排行榜 /rank (window)', '权益中心 /rights', '政务 /govAffairs', '企业 /enterprise', '帮助中心 /helpCenter'];

describe('the tools remote’s sidebar entries (docs/product.md §2)', () => {
  it('are rank (in a new window), rights centre, government affairs, enterprise and help centre, in that order', () => {
    expect(outline({ shortDrama: true, tools: [] })).toEqual(EVERYONE);
    expect(outline({ shortDrama: false, tools: ['other'] })).toEqual(EVERYONE);
  });

  it('add the 工具 group with recruitment management, last, only when the tool list holds oddjobs', () => {
    expect(outline({ shortDrama: false, tools: ['oddjobs'] })).toEqual([...EVERYONE, '工具 [招聘管理 /tools/job/index]']);
  });

  it('highlight 招聘管理 on /tools/job/add', () => {
    expect(routes.find((route) => route.path === '/tools/job/add')?.highlight).toBe('/tools/job/index');
    expect(routes.filter((route) => route.highlight).map((route) => route.path)).toEqual(['/tools/job/add']);
  });
});
