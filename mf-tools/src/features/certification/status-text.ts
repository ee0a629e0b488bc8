import { CertAuditStatus } from 'shared-sdk';

/** The headline of each audit status on the certification screens (docs/product.md §3: 2 and 3 are both in review). */
export function certificationHeadline(status: number): { title: string; tone: 'info' | 'success' | 'warning' | 'error' } {
  switch (status) {
    case CertAuditStatus.PASSED:
      return { title: '已认证', tone: 'success' };
    case CertAuditStatus.SUBMITTED:
      return { title: '审核中：申请已提交，等待审核', tone: 'info' };
    case CertAuditStatus.REVIEWING:
      return { title: '审核中：工作人员正在审核您的材料', tone: 'info' };
    case CertAuditStatus.FAILED:
      return { title: '审核失败', tone: 'error' };
    default:
      return { title: '未认证', tone: 'warning' };
  }
}
