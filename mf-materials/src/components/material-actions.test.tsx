import { fireEvent, screen, within } from '@testing-library/react';
import type { Material } from 'shared-sdk';
import { renderWithProviders } from 'shared-sdk/testing';
import { materialActions } from '../lib/action-rules';
import { MaterialActions } from './material-actions';
import { ScriptTypeDialog } from './script-type-dialog';
import { editorUrl, scriptTypeOptions } from '../lib/script-types';

const material = (over: Partial<Material>): Material => ({
  cm_id: 7,
  cm_title: '素材',
  cm_type: 2,
  cm_icon_url: '',
  cm_url: '/oss/creator/a.png',
  cm_create_time: '',
  cm_check: 2,
  is_my: false,
  ...over,
});

describe('script-type selector (docs/product.md §5)', () => {
  it.each([
    ['1', []],
    ['2', ['文章', '图集']],
    ['3', ['文章', '视频']],
    ['9', ['文章', '视频', '图集']],
  ])('material type %s offers %j', (type, labels) => {
    expect(scriptTypeOptions(type).map((o) => o.label)).toEqual(labels);
  });

  it('opens the editor of the chosen kind with materialId', () => {
    expect(editorUrl(1, 5)).toBe('/scriptWrite?materialId=5');
    expect(editorUrl(2, 5)).toBe('/videoWrite?materialId=5');
    expect(editorUrl(3, 5)).toBe('/graphWrite?materialId=5');
  });

  it('shows the choices in the dialog, 文章 chosen by default', () => {
    const onConfirm = jest.fn();
    renderWithProviders(<ScriptTypeDialog open materialType={3} onCancel={() => {}} onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('选择稿件类型')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('文章')).toBeChecked();
    expect(within(dialog).getByLabelText('视频')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('图集')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByLabelText('视频'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm).toHaveBeenCalledWith(2);
  });
});

describe('action visibility (docs/product.md §2, §6)', () => {
  it.each([
    [
      { is_my: true, cm_check: 2, cm_type: 2 },
      { view: true, remove: true, download: true, use: true },
    ],
    [
      { is_my: false, cm_check: 2, cm_type: 3 },
      { view: true, remove: false, download: true, use: true },
    ],
    [
      { is_my: true, cm_check: 1, cm_type: 2 },
      { view: true, remove: true, download: false, use: true },
    ],
    [
      { is_my: true, cm_check: 3, cm_type: 1 },
      { view: true, remove: true, download: false, use: false },
    ],
    [
      { is_my: true, cm_check: 4, cm_type: 2 },
      { view: true, remove: true, download: false, use: true },
    ],
  ])('%j → %j', (subject, expected) => {
    expect(materialActions(subject)).toEqual(expected);
  });

  it('renders only the allowed buttons and asks before deleting', () => {
    renderWithProviders(<MaterialActions material={material({ is_my: true, cm_check: 1 })} />);
    expect(screen.getByRole('button', { name: '查看' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下载' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '使用' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(screen.getByText('确认删除该条素材？')).toBeInTheDocument();
  });

  it("hides 删除 on others' materials", () => {
    renderWithProviders(<MaterialActions material={material({ is_my: false })} />);
    expect(screen.queryByRole('button', { name: '删除' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载' })).toBeInTheDocument();
  });
});
