import { sidebarEntries } from 'shared-sdk';
import { sidebarOutline } from 'shared-sdk/testing/sidebar';
import routes from './routes';

// The expected entries are docs/product.md §2 (Shell: "Material (my, public)"; myset 0 mine, 1 public) written out.
describe('the materials remote’s sidebar entries (docs/product.md §2)', () => {
  it('are the material group: my materials (/material/0), then public materials (/material/1), for every user', () => {
    for (const rules of [
      { shortDrama: false, tools: [] },
      { shortDrama: true, tools: ['oddjobs'] },
    ]) {
      expect(sidebarOutline(sidebarEntries(routes, rules))).toEqual(['素材 [我的素材 /material/0, 公共素材 /material/1]']);
    }
  });

  it('declare no other highlight: each library highlights its own entry', () => {
    expect(routes.filter((route) => route.highlight)).toEqual([]);
  });
});
