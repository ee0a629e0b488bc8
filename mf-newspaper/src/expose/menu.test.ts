import { sidebarEntries } from 'shared-sdk';
import routes from './routes';

// docs/product.md §2 (Shell) lists no sidebar entry for these screens: they are reached from other screens.
describe('the sidebar entries of this remote (docs/product.md §2)', () => {
  it('are none, for every user, and no screen highlights another entry', () => {
    expect(sidebarEntries(routes, { shortDrama: true, tools: ['oddjobs'] })).toEqual([]);
    expect(routes.filter((route) => route.highlight)).toEqual([]);
  });
});
