import { screen } from '@testing-library/react';
import routes from './routes';
import { exposedModules, type FederationConfigModule, renderScreen } from 'shared-sdk/testing';

// What module-federation.config.js exposes, as the build reads it (not a copy of its list).
const federation = jest.requireActual<FederationConfigModule>('../../module-federation.config.js');
const exposed = exposedModules(federation.default, `${__dirname}/../..`);

describe('mf_materials screens', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => jest.restoreAllMocks());

  it('exposes a module for every declared route', () => {
    for (const route of routes) expect(exposed[route.module]).toBeDefined();
  });

  it('shows my library with the status filter, 上传素材 and the empty state', async () => {
    const { default: MaterialList } = await import('./material-list');
    renderScreen(MaterialList, '/material/0');
    expect(screen.getByText('我的素材')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上传素材' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '审核状态' })).toBeInTheDocument();
    expect(await screen.findByText('暂无内容')).toBeInTheDocument();
  });

  it('shows the public library for /material/1 without status filter nor upload', async () => {
    const { default: MaterialList } = await import('./material-list');
    renderScreen(MaterialList, '/material/1');
    expect(screen.getByText('公共素材')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '上传素材' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: '审核状态' })).not.toBeInTheDocument();
  });

  it.each([
    ['/material/:myset', '/material/1', '公共素材'],
    ['/material/:myset', '/material/7', '我的素材'],
  ])('on the route %p, %p is %p', async (routePath, url, title) => {
    const { default: MaterialList } = await import('./material-list');
    renderScreen(MaterialList, routePath, url);
    expect(screen.getByText(title)).toBeInTheDocument();
  });

  it('shows the add form', async () => {
    const { default: MaterialAdd } = await import('./material-add');
    renderScreen(MaterialAdd, '/material/add');
    expect(screen.getByText('素材名称')).toBeInTheDocument();
    expect(screen.getByText('素材描述')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /提\s*交/ })).toBeInTheDocument();
  });

  it('answers a detail URL without materialId with not found', async () => {
    const { default: MaterialDetail } = await import('./material-detail');
    renderScreen(MaterialDetail, '/material/detail');
    expect(screen.getByText('素材不存在或已删除')).toBeInTheDocument();
  });
});
