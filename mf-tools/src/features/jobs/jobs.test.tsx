import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JobPost } from 'shared-sdk';
import { renderWithProviders } from 'shared-sdk/testing';
import { JobForm } from './components/job-form';
import { JobTable } from './components/job-table';

const job = (id: number, status: 1 | 2 | 3): JobPost => ({
  id,
  title: `职位${id}`,
  salary_min: 6000,
  salary_max: 9000,
  city: '郑州',
  headcount: 2,
  description: '负责短视频剪辑与包装工作。',
  contact_name: '王经理',
  contact_phone: '13912345678',
  status,
  create_time: '2026-11-20 10:00:00',
  update_time: '2026-11-21 10:00:00',
});

// antd forms in jsdom are slow on a shared CI machine.
jest.setTimeout(90_000);

describe('job table', () => {
  it('shows the status texts and offers only the allowed transitions', () => {
    const onStatus = jest.fn();
    renderWithProviders(<JobTable jobs={[job(1, 1), job(2, 2), job(3, 3)]} onEdit={() => {}} onStatus={onStatus} />);
    const rows = document.querySelectorAll<HTMLElement>('.job-row');
    expect(rows).toHaveLength(3);
    const [open, paused, closed] = [...rows].map((row) => within(row));
    expect(open?.getByText('招聘中')).toBeInTheDocument();
    expect(open?.getByText('6K-9K/月')).toBeInTheDocument();
    expect(open?.getByRole('button', { name: '暂停招聘' })).toBeInTheDocument();
    expect(open?.queryByRole('button', { name: '恢复招聘' })).not.toBeInTheDocument();
    expect(paused?.getByText('已暂停')).toBeInTheDocument();
    expect(paused?.getByRole('button', { name: '恢复招聘' })).toBeInTheDocument();
    expect(closed?.getByText('已关闭')).toBeInTheDocument();
    expect(closed?.getByText('已关闭，不可操作')).toBeInTheDocument();
    expect(closed?.queryByRole('button')).not.toBeInTheDocument();
    fireEvent.click(open!.getByRole('button', { name: '暂停招聘' }));
    expect(onStatus).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), 2);
  });

  it('asks before closing, because closing is final', async () => {
    const onStatus = jest.fn();
    renderWithProviders(<JobTable jobs={[job(1, 1)]} onEdit={() => {}} onStatus={onStatus} />);
    fireEvent.click(screen.getByRole('button', { name: /^关\s*闭$/ }));
    expect(await screen.findByText('关闭后不可恢复，确定关闭该职位吗？', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(onStatus).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '关闭职位' }));
    expect(onStatus).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), 3);
  });
});

describe('job form', () => {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('refuses a minimum salary above the maximum and the other bad fields', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<JobForm onSubmit={onSubmit} onCancel={() => {}} />);
    fill('职位名称', '编');
    fill('最低月薪', '9000');
    fill('最高月薪', '6000');
    fill('职位描述', '太短');
    fill('联系电话', '110');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('最低月薪不能高于最高月薪', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('职位名称需为2-30个字', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('职位描述需为10-2000个字', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('请输入工作城市（不超过20个字）', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的联系电话', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a valid post', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<JobForm onSubmit={onSubmit} onCancel={() => {}} />);
    fill('职位名称', '短视频编导');
    fill('最低月薪', '8000');
    fill('最高月薪', '12000');
    fill('工作城市', '郑州');
    fill('职位描述', '负责短视频策划、拍摄与剪辑。');
    fill('联系人', '王经理');
    fill('联系电话', '13912345678');
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ title: '短视频编导', salary_min: 8000, salary_max: 12000, headcount: 1, city: '郑州' });
  });
});
