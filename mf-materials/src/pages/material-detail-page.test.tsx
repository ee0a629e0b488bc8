import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MaterialDetail } from 'shared-sdk';
import { renderScreen, renderWithProviders } from 'shared-sdk/testing';
import { MaterialActions } from '../components/material-actions';
import { MaterialDetailPage } from './material-detail-page';

const deleteMaterials = jest.fn();
const detail = jest.fn();

jest.mock('../api/material-api', () => ({
  useMaterialDetailQuery: (id: number) => detail(id),
  useDeleteMaterialsMutation: () => [deleteMaterials],
  useOperateMaterialMutation: () => [jest.fn()],
  useUseMaterialMutation: () => [jest.fn()],
}));

const MATERIAL: MaterialDetail = {
  cm_id: 7,
  cm_type: 2,
  cm_url: '/oss/creator/image/20260101/u1/a.png',
  cm_icon_url: '/oss/creator/image/20260101/u1/a.png',
  cm_title: '春日田野',
  cm_check: 2,
  is_my: true,
  update_time: '2026-01-01 10:00:00',
  nick_name: '创作者小王',
  size: 2048,
  other: { describe: '春日田野，演示素材。' },
  logs: [],
  manuscript: [],
};

/** What RTK Query's mutation trigger returns: a promise-like with unwrap(). */
const answer = (result: Promise<null>) => ({ unwrap: () => result });

function Library() {
  return <p>我的素材库</p>;
}

const openDetail = () =>
  renderScreen(MaterialDetailPage, '/material/detail', '/material/detail?materialId=7', { extraRoutes: { '/material/:myset': Library } });

jest.setTimeout(20_000);

beforeEach(() => {
  deleteMaterials.mockReset().mockReturnValue(answer(Promise.resolve(null)));
  detail.mockReset().mockReturnValue({ data: MATERIAL, isLoading: false, error: undefined });
});
afterEach(() => jest.restoreAllMocks());

const TITLE = '确认删除该素材';
/** antd's confirm is a dialog named by its title. */
const dialog = async () => screen.findByRole('dialog', { name: TITLE });
const dialogGone = () => waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument());

describe('deleting from the detail screen (docs/product.md §5: 确认删除该素材, a dialog)', () => {
  it('asks in a dialog with 确定 and 取消, not in the popconfirm', async () => {
    openDetail();
    expect(detail).toHaveBeenCalledWith(7);
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    const box = await dialog();
    expect(within(box).getAllByText(TITLE).length).toBeGreaterThan(0);
    expect(within(box).getByRole('button', { name: /确\s*定/ })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: /取\s*消/ })).toBeInTheDocument();
    expect(screen.queryByText('确认删除该条素材？')).not.toBeInTheDocument();
    expect(deleteMaterials).not.toHaveBeenCalled();
  });

  it('取消 closes the dialog and deletes nothing', async () => {
    openDetail();
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: /取\s*消/ }));
    await dialogGone();
    expect(deleteMaterials).not.toHaveBeenCalled();
    expect(screen.getByText('春日田野')).toBeInTheDocument();
  });

  it('确定 deletes the material, says 删除素材成功 and goes back to my library', async () => {
    openDetail();
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(deleteMaterials).toHaveBeenCalledWith('7'));
    expect(await screen.findByText('删除素材成功')).toBeInTheDocument();
    expect(await screen.findByText('我的素材库')).toBeInTheDocument();
    expect(deleteMaterials).toHaveBeenCalledTimes(1);
    // No error after a successful delete: the gone material is not read again.
    expect(screen.queryByText('素材不存在或已删除')).not.toBeInTheDocument();
    expect(detail.mock.calls.every(([id]) => id === 7)).toBe(true);
  });

  it('a failed delete is only logged (docs/product.md §8) and the detail stays', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    deleteMaterials.mockReturnValue(answer(Promise.reject(Object.assign(new Error('素材不存在'), { kind: 'business', code: 1004 }))));
    openDetail();
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    await userEvent.click(within(await dialog()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('material delete failed', expect.anything()));
    await dialogGone();
    expect(screen.queryByText('删除素材成功')).not.toBeInTheDocument();
    expect(screen.queryByText('我的素材库')).not.toBeInTheDocument();
    expect(screen.getByText('春日田野')).toBeInTheDocument();
  });
});

describe('deleting from a library card', () => {
  it('keeps the popconfirm 确认删除该条素材？', async () => {
    renderWithProviders(<MaterialActions material={MATERIAL} />);
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('确认删除该条素材？')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: TITLE })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(deleteMaterials).toHaveBeenCalledWith('7'));
  });
});
