import { SHELL_ROUTES, type RouteDeclaration } from 'shared-sdk';
import { highlightFor, highlightRules } from './highlight';

// The rules the remotes declare in their routes.ts (mf_drafts, mf_tools), as the host receives them.
const remoteRoutes: RouteDeclaration[] = [
  { path: '/shortPlay/detail', module: './ShortPlayDetail', title: '短剧详情', highlight: '/shortPlay' },
  { path: '/tools/job/add', module: './JobAdd', title: '发布职位', highlight: '/tools/job/index' },
  { path: '/draft', module: './DraftList', title: '草稿箱' },
];
// The host's own (/notice, /user, /password) come from its route declarations.
const rules = highlightRules([...SHELL_ROUTES, ...remoteRoutes]);

describe('menu highlight (docs/product.md §2)', () => {
  it.each([
    ['/audit/mine', '/audit'],
    ['/notice', '/index'],
    ['/user', '/index'],
    ['/password', '/index'],
    ['/tools/job/add', '/tools/job/index'],
    ['/shortPlay/detail', '/shortPlay'],
  ])('%s highlights %s', (path, expected) => {
    expect(highlightFor(path, rules)).toBe(expected);
  });

  it.each([
    ['/index', '/index'],
    ['/draft', '/draft'],
    ['/material/1', '/material/1'],
    ['/shortPlay', '/shortPlay'],
    ['/tools/job/index', '/tools/job/index'],
    ['/draft/', '/draft'],
  ])('otherwise follows the path: %s highlights %s', (path, expected) => {
    expect(highlightFor(path, rules)).toBe(expected);
  });
});
