import { fireEvent, screen, within } from '@testing-library/react';
import type { StorageReport } from 'shared-sdk/contract';
import { renderWithProviders } from 'shared-sdk/testing';
import { StorageReportView } from './storage-report';

jest.setTimeout(120_000);

const REPORT: StorageReport = {
  at: '2026-11-28T10:00:00.000Z',
  kinds: [
    { kind: 'image', objects: 2, bytes: 1024 * 1024 + 2048 },
    { kind: 'video', objects: 1, bytes: 3 * 1024 * 1024 },
    { kind: 'audio', objects: 0, bytes: 0 },
    { kind: 'file', objects: 1, bytes: 500 },
  ],
  total: { objects: 4, bytes: 4 * 1024 * 1024 + 2548 },
  top: [
    {
      scope: 'u6',
      creator: { id: 6, phone: '13800000006', nickname: '视频作者' },
      objects: 3,
      bytes: 4 * 1024 * 1024 + 2048,
      open_uploads: { objects: 1, bytes: 100_000 },
    },
    { scope: 'u99', creator: null, objects: 1, bytes: 500, open_uploads: { objects: 0, bytes: 0 } },
  ],
  open_uploads: { uploads: 1, creators: 1, bytes: 100_000, oldest_touched_at: '2026-11-28T09:00:00.000Z' },
  pending_orphans: { objects: 1, bytes: 1024 * 1024 },
  young_unnamed: { objects: 1, bytes: 2048 },
  expiry_days: 7,
};

describe('the storage report', () => {
  it('is made only when asked, with the number of creators chosen', () => {
    const onRun = jest.fn();
    renderWithProviders(<StorageReportView report={undefined} loading={false} error="" onRun={onRun} />);
    expect(screen.queryByTestId('storage-report')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('列出创作者数'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: '生成报告' }));
    return screen.findByRole('button', { name: '生成报告' }).then(() => expect(onRun).toHaveBeenCalledWith(25));
  });

  it('shows bytes by kind and by creator, open uploads and what the next sweep removes', () => {
    renderWithProviders(<StorageReportView report={REPORT} loading={false} error="" onRun={() => undefined} />);
    const report = screen.getByTestId('storage-report');
    expect(within(report).getByText('4 个对象，4.0 MiB')).toBeInTheDocument();
    expect(within(report).getByText('1 个对象，1.0 MiB')).toBeInTheDocument();
    expect(within(report).getByText('视频作者（13800000006）')).toBeInTheDocument();
    expect(within(report).getByText('u99（账号不存在）')).toBeInTheDocument();
    expect(within(report).getByText('1（97.7 KiB）')).toBeInTheDocument();
    expect(within(report).getByText('待清理（无记录引用且超过 7 天）')).toBeInTheDocument();
  });

  it('shows a refusal', () => {
    renderWithProviders(<StorageReportView report={undefined} loading={false} error="当前角色无权执行此操作" onRun={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('当前角色无权执行此操作');
  });
});
