import { sidebarEntries } from 'shared-sdk';
import { sidebarOutline } from 'shared-sdk/testing/sidebar';
import routes from './routes';

// The expected entries are docs/product.md §2 (Shell, Routes, Navigation rules) and §6 written out, not read from routes.ts.
const outline = (shortDrama: boolean) => sidebarOutline(sidebarEntries(routes, { shortDrama, tools: [] }));
const highlightOf = (path: string) => routes.find((route) => route.path === path)?.highlight ?? path;

describe('the drafts remote’s sidebar entries (docs/product.md §2)', () => {
  it('are the manuscript group: the manuscript library, then drafts', () => {
    expect(outline(false)).toEqual(['稿件管理 [稿件库 /personalScript, 草稿箱 /draft]']);
  });

  it('add 短剧 last in the group only when the authority check answers check true', () => {
    expect(outline(true)).toEqual(['稿件管理 [稿件库 /personalScript, 草稿箱 /draft, 短剧 /shortPlay]']);
  });

  it('highlight 短剧 on /shortPlay/detail; the other screens highlight their own path', () => {
    expect(highlightOf('/shortPlay/detail')).toBe('/shortPlay');
    for (const path of ['/draft', '/personalScript', '/shortPlay', '/scriptDetail']) expect(highlightOf(path)).toBe(path);
  });
});
