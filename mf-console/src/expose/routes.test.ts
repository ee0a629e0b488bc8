import { sidebarEntries } from 'shared-sdk';
import routes from './routes';

describe('the console’s route declarations', () => {
  it('are one route under /console, without the creators’ layout', () => {
    expect(routes).toEqual([{ path: '/console/*', module: './Console', title: '运营后台', bare: true }]);
  });

  it('give the creators’ sidebar no entry, whatever a creator’s rules', () => {
    expect(sidebarEntries(routes, { shortDrama: true, tools: ['oddjobs'] })).toEqual([]);
    expect(sidebarEntries(routes, { shortDrama: false, tools: [] })).toEqual([]);
  });
});
