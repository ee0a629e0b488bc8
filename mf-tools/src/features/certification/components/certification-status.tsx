import { Alert, Descriptions } from 'antd';
import type { CertificationState } from 'shared-sdk';
import { certificationHeadline } from '../status-text';

export interface CertificationStatusProps {
  state: CertificationState;
  orgLabel: string;
}

const ALERT_TYPES = { info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

/** Where my application stands (docs/product.md §3), the operator's reason when it failed, and what I sent. */
export function CertificationStatus({ state, orgLabel }: CertificationStatusProps) {
  const headline = certificationHeadline(state.cert_audit_status);
  const application = state.application;
  return (
    <div data-testid="certification-status">
      <Alert
        type={ALERT_TYPES[headline.tone]}
        showIcon
        title={headline.title}
        description={state.cert_audit_status === 4 && state.reason ? `失败原因：${state.reason}。请修改后重新提交。` : undefined}
        style={{ marginBottom: 16 }}
      />
      {application ? (
        <Descriptions column={1} size="small" bordered style={{ maxWidth: 640 }}>
          <Descriptions.Item label={orgLabel}>{application.org_name}</Descriptions.Item>
          <Descriptions.Item label="统一社会信用代码">{application.credit_code}</Descriptions.Item>
          <Descriptions.Item label="联系人">{application.contact_name}</Descriptions.Item>
          <Descriptions.Item label="联系电话">{application.contact_phone}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{application.submit_time}</Descriptions.Item>
          {application.review_time ? <Descriptions.Item label="审核时间">{application.review_time}</Descriptions.Item> : null}
          <Descriptions.Item label="执照图片">
            <img src={application.licence_url} alt="执照图片" style={{ maxWidth: 240, maxHeight: 160 }} />
          </Descriptions.Item>
        </Descriptions>
      ) : null}
    </div>
  );
}
