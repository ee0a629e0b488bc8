import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueuedMaterial } from 'shared-sdk/contract';
import { renderWithProviders } from 'shared-sdk/testing';
import { requireAllDecided } from './decisions';
import { MaterialQueue, type MaterialQueueProps } from './material-queue';

// antd dialogs in jsdom are slow on a loaded machine (one test took 67 s with six other builds running).
jest.setTimeout(180_000);

const material = (id: number, media: QueuedMaterial['media'], cm_check = 1): QueuedMaterial => ({
  id,
  title: `素材${id}`,
  cm_type: media === 'image' ? 2 : 3,
  cm_check,
  url: `/oss/m${id}`,
  icon_url: '',
  media,
  size: 1000,
  creator: { id: 9, phone: '13800000001', nickname: '作者' },
  submitted_at: '2026-11-28T08:00:00.000Z',
});

function renderQueue(props: Partial<MaterialQueueProps>) {
  const onDecide = jest.fn().mockResolvedValue(undefined);
  renderWithProviders(
    <MaterialQueue
      materials={[material(1, 'image'), material(2, 'video', 4)]}
      total={2}
      loading={false}
      filter={0}
      onFilter={() => undefined}
      page={1}
      size={20}
      onPage={() => undefined}
      canDecide
      onDecide={onDecide}
      {...props}
    />,
  );
  return onDecide;
}

const dialog = () => screen.findByRole('dialog');

describe('the materials queue', () => {
  it('shows the image and plays the video in place', () => {
    renderQueue({});
    expect(screen.getByRole('img', { name: '素材1' })).toHaveAttribute('src', '/oss/m1');
    expect(document.querySelector('video')).toHaveAttribute('src', '/oss/m2');
    const [first, second] = [...document.querySelectorAll<HTMLElement>('.material-row')];
    expect(within(first!).getByText('未审核')).toBeInTheDocument();
    expect(within(second!).getByText('审核中')).toBeInTheDocument();
  });

  it('shows no decision buttons to a role that may not decide', () => {
    renderQueue({ canDecide: false });
    expect(screen.queryByRole('button', { name: /通过|驳回/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('rejects only with a reason, and keeps the reason when the call fails', async () => {
    const onDecide = renderQueue({});
    onDecide.mockRejectedValueOnce({ kind: 'business', message: '网络错误，请检查网络' });
    fireEvent.click(screen.getByRole('button', { name: '驳回 素材1' }));
    const box = await dialog();
    fireEvent.click(within(box).getByRole('button', { name: '确认驳回' }));
    expect(await within(box).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(onDecide).not.toHaveBeenCalled();

    fireEvent.change(within(box).getByLabelText('驳回原因'), { target: { value: '画面含水印' } });
    fireEvent.click(within(box).getByRole('button', { name: '确认驳回' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('网络错误，请检查网络');
    expect(within(box).getByLabelText('驳回原因')).toHaveValue('画面含水印');
    expect(onDecide).toHaveBeenCalledWith({ ids: '1', decision: 'reject', reason: '画面含水印' });

    fireEvent.click(within(box).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('approves several at once after asking', async () => {
    const onDecide = renderQueue({});
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 素材1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择 素材2' }));
    fireEvent.click(screen.getByRole('button', { name: '批量通过（2）' }));
    const box = await dialog();
    expect(box).toHaveTextContent('确定通过选中的 2 个素材吗？');
    fireEvent.click(within(box).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith({ ids: '1,2', decision: 'approve' }));
  });
});

describe('a decision on several items', () => {
  it('passes when every item went through, and names the ones that did not', () => {
    expect(() => requireAllDecided([{ id: 1, ok: true, message: '' }])).not.toThrow();
    expect(() =>
      requireAllDecided([
        { id: 1, ok: true, message: '' },
        { id: 2, ok: false, message: '素材不存在' },
      ]),
    ).toThrow('1 项未能处理：#2 素材不存在');
  });
});
