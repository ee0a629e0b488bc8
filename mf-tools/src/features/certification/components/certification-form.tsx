import { Button, Form, Input } from 'antd';
import { CERT_LIMITS, CERT_MESSAGES, type CertificationApplyRequest, isValidContactPhone, isValidCreditCode } from 'shared-sdk';
import { LicenceUpload } from './licence-upload';

export interface CertificationFormProps {
  /** 企业名称 or 机构名称. */
  orgLabel: string;
  licenceLabel: string;
  initial?: Partial<CertificationApplyRequest>;
  submitting?: boolean;
  /** May answer a promise (the form does not wait for it: `submitting` shows the call). */
  onSubmit: (form: CertificationApplyRequest) => void | Promise<void>;
}

const chars = (value: string | undefined) => [...(value ?? '').trim()].length;

/** The application form; its rules are the contract's, which the server applies again. */
export function CertificationForm({ orgLabel, licenceLabel, initial, submitting, onSubmit }: CertificationFormProps) {
  const [form] = Form.useForm<CertificationApplyRequest>();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ org_name: '', credit_code: '', licence_url: '', contact_name: '', contact_phone: '', ...initial }}
      onFinish={(values) => void onSubmit({ ...values, credit_code: values.credit_code.trim().toUpperCase() })}
    >
      <Form.Item
        label={orgLabel}
        required
        name="org_name"
        rules={[
          {
            validator: async (_, v: string) => {
              if (chars(v) < CERT_LIMITS.orgNameMin || chars(v) > CERT_LIMITS.orgNameMax) throw new Error(CERT_MESSAGES.ORG_NAME);
            },
          },
        ]}
      >
        <Input placeholder={`请输入${orgLabel}`} maxLength={CERT_LIMITS.orgNameMax} showCount />
      </Form.Item>
      <Form.Item
        label="统一社会信用代码"
        required
        name="credit_code"
        rules={[
          {
            validator: async (_, v: string) => {
              if (!isValidCreditCode((v ?? '').trim().toUpperCase())) throw new Error(CERT_MESSAGES.CREDIT_CODE);
            },
          },
        ]}
      >
        <Input placeholder="18位统一社会信用代码" maxLength={18} style={{ textTransform: 'uppercase' }} />
      </Form.Item>
      <Form.Item label={licenceLabel} name="licence_url" rules={[{ required: true, message: CERT_MESSAGES.LICENCE }]}>
        <LicenceUpload />
      </Form.Item>
      <Form.Item
        label="联系人"
        required
        name="contact_name"
        rules={[
          {
            validator: async (_, v: string) => {
              if (chars(v) < 1 || chars(v) > CERT_LIMITS.contactNameMax) throw new Error(CERT_MESSAGES.CONTACT_NAME);
            },
          },
        ]}
      >
        <Input placeholder="请输入联系人姓名" maxLength={CERT_LIMITS.contactNameMax} />
      </Form.Item>
      <Form.Item
        label="联系电话"
        required
        name="contact_phone"
        rules={[
          {
            validator: async (_, v: string) => {
              if (!isValidContactPhone((v ?? '').trim())) throw new Error(CERT_MESSAGES.CONTACT_PHONE);
            },
          },
        ]}
      >
        <Input placeholder="手机号或带区号的座机号" maxLength={20} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        提交认证
      </Button>
    </Form>
  );
}
