import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CertificationState } from 'shared-sdk';
import { renderWithProviders } from 'shared-sdk/testing';
import { CertificationForm } from './components/certification-form';
import { CertificationStatus } from './components/certification-status';

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

// antd forms in jsdom are slow on a shared CI machine.
jest.setTimeout(90_000);

describe('certification form', () => {
  it('refuses a credit code whose check character is wrong, and every empty field, with the contract’s messages', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(<CertificationForm orgLabel="企业名称" licenceLabel="营业执照" onSubmit={onSubmit} />);
    fill('企业名称', '郑');
    fill('统一社会信用代码', '91350100M000100Y44');
    fill('联系电话', '12345');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    expect(await screen.findByText('统一社会信用代码不正确，请核对18位代码', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('请输入2-60个字的机构名称', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('请上传营业执照或机构证明图片', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的联系电话', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits a valid application with the code in upper case', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(
      <CertificationForm orgLabel="企业名称" licenceLabel="营业执照" initial={{ licence_url: '/oss/creator/image/20261123/u1/a.png' }} onSubmit={onSubmit} />,
    );
    expect(screen.getByTestId('licence-preview')).toHaveAttribute('src', '/oss/creator/image/20261123/u1/a.png');
    fill('企业名称', '郑州测试传媒有限公司');
    fill('统一社会信用代码', '91350100m000100y43');
    fill('联系人', '李经理');
    fill('联系电话', '0371-65795000');
    fireEvent.click(screen.getByRole('button', { name: '提交认证' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ org_name: '郑州测试传媒有限公司', credit_code: '91350100M000100Y43', contact_phone: '0371-65795000' });
  });
});

describe('certification status texts (docs/product.md §3)', () => {
  const state = (cert_audit_status: number, reason = ''): CertificationState => ({
    cert_audit_status,
    reason,
    application: {
      org_name: '郑州测试传媒有限公司',
      credit_code: '91350100M000100Y43',
      licence_url: '/oss/a.png',
      contact_name: '李经理',
      contact_phone: '13912345678',
      submit_time: '2026-11-23 10:00:00',
      review_time: null,
    },
  });

  it.each([
    [1, '已认证'],
    [2, '审核中：申请已提交，等待审核'],
    [3, '审核中：工作人员正在审核您的材料'],
    [4, '审核失败'],
  ])('status %i reads %s', async (status, text) => {
    renderWithProviders(<CertificationStatus state={state(status)} orgLabel="企业名称" />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(await screen.findByText('91350100M000100Y43', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows the operator’s reason of a failure', async () => {
    renderWithProviders(<CertificationStatus state={state(4, '执照照片模糊')} orgLabel="企业名称" />);
    expect(await screen.findByText('失败原因：执照照片模糊。请修改后重新提交。', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
