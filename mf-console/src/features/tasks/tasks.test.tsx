import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RightListAnswer } from 'shared-sdk/contract';
import { renderWithProviders } from 'shared-sdk/testing';
import { RightsTable } from './rights-table';
import { DecideByIdForm, RestoreDraftForm } from './task-forms';

jest.setTimeout(180_000);

const APPLICATION: RightListAnswer['list'][number] = {
  id: 3,
  creator: { id: 6, phone: '13800000006', nickname: '视频作者' },
  right_code: 'ad_share',
  right_name: '广告分成',
  status: 'pending',
  reason: '',
  created_at: '2026-11-20T00:00:00.000Z',
};

describe('rights applications', () => {
  it('shows a viewer no decisions', () => {
    renderWithProviders(
      <RightsTable applications={[APPLICATION]} loading={false} status="pending" onStatus={() => undefined} canModerate={false} onDecide={jest.fn()} />,
    );
    expect(screen.getByText('视频作者（13800000006）')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /驳回/ })).not.toBeInTheDocument();
  });

  it('rejects only with the reason the creator reads', async () => {
    const onDecide = jest.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <RightsTable applications={[APPLICATION]} loading={false} status="pending" onStatus={() => undefined} canModerate onDecide={onDecide} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '驳回 广告分成 3' }));
    const box = await screen.findByRole('dialog');
    fireEvent.click(within(box).getByRole('button', { name: /确认驳回/ }));
    expect(await within(box).findByText('请填写驳回原因（创作者可见）')).toBeInTheDocument();
    expect(onDecide).not.toHaveBeenCalled();
    fireEvent.change(within(box).getByLabelText('驳回原因（创作者可见）'), { target: { value: '粉丝数不足' } });
    fireEvent.click(within(box).getByRole('button', { name: /确认驳回/ }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith({ id: 3, decision: 'rejected', reason: '粉丝数不足' }));
  });
});

describe('tasks by id', () => {
  it('restores a draft after asking, and shows what the server said', async () => {
    const onRestore = jest.fn().mockResolvedValue('草稿 12 已恢复');
    renderWithProviders(<RestoreDraftForm onRestore={onRestore} />);
    fireEvent.change(screen.getByLabelText('草稿编号'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: '恢复' }));
    const box = await screen.findByRole('dialog');
    fireEvent.click(within(box).getByRole('button', { name: /确认恢复/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('草稿 12 已恢复');
    expect(onRestore).toHaveBeenCalledWith(12);
  });

  it('takes a published manuscript offline with a reason; a refused item keeps the dialog open with the reason', async () => {
    const onDecide = jest.fn().mockResolvedValue({ id: 8, ok: false, message: '稿件 8 不在可下线的状态' });
    renderWithProviders(<DecideByIdForm onDecide={onDecide} />);
    fireEvent.mouseDown(screen.getByLabelText('对象'));
    fireEvent.click(await screen.findByTitle('稿件'));
    fireEvent.change(screen.getByLabelText('编号'), { target: { value: '8' } });
    fireEvent.mouseDown(screen.getByLabelText('处理'));
    fireEvent.click(await screen.findByTitle('下线已发布的稿件'));
    fireEvent.click(screen.getByRole('button', { name: '处理' }));
    const box = await screen.findByRole('dialog');
    fireEvent.change(within(box).getByLabelText('原因'), { target: { value: '版权投诉' } });
    fireEvent.click(within(box).getByRole('button', { name: /确认下线已发布的稿件/ }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('稿件 8 不在可下线的状态');
    expect(onDecide).toHaveBeenCalledWith({ target: 'manuscript', id: 8, decision: 'offline', reason: '版权投诉' });
  });
});
