import { useState } from 'react';
import { Alert, App, Card, Spin, Typography } from 'antd';
import { canApply, type CertKind, failureText } from 'shared-sdk';
import { useApplyCertificationMutation, useCertificationStateQuery } from '../api';
import { CertificationForm } from './certification-form';
import { CertificationStatus } from './certification-status';

export interface CertificationScreenProps {
  kind: CertKind;
  title: string;
  intro: string;
  orgLabel: string;
  licenceLabel: string;
}

/** One certification (enterprise or government affairs): its status, and the form while one may apply. */
export function CertificationScreen({ kind, title, intro, orgLabel, licenceLabel }: CertificationScreenProps) {
  const { message } = App.useApp();
  const { data: state, error, isLoading } = useCertificationStateQuery(kind);
  const [apply, { isLoading: submitting }] = useApplyCertificationMutation();
  const [refusal, setRefusal] = useState<string | null>(null);

  const body = () => {
    if (isLoading) return <Spin />;
    if (!state) return <Alert type="error" title={failureText(error) ?? '加载失败'} />;
    return (
      <>
        {state.cert_audit_status !== 0 ? <CertificationStatus state={state} orgLabel={orgLabel} /> : null}
        {canApply(state.cert_audit_status) ? (
          <div style={{ marginTop: 16 }}>
            {refusal ? <Alert type="error" title={refusal} showIcon style={{ marginBottom: 16, maxWidth: 560 }} /> : null}
            <CertificationForm
              key={state.application?.submit_time ?? 'new'}
              orgLabel={orgLabel}
              licenceLabel={licenceLabel}
              initial={state.application ?? undefined}
              submitting={submitting}
              onSubmit={async (form) => {
                setRefusal(null);
                const result = await apply({ kind, form });
                if ('error' in result) setRefusal(failureText(result.error));
                else void message.success('提交成功，请等待审核');
              }}
            />
          </div>
        ) : null}
      </>
    );
  };

  return (
    <Card title={title}>
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      {body()}
    </Card>
  );
}
