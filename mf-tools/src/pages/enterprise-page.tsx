import { CertificationScreen } from '../features/certification/components/certification-screen';

export function EnterprisePage() {
  return (
    <CertificationScreen
      kind="enterprise"
      title="企业认证"
      intro="完成企业认证后，账号将展示企业认证标识，可使用企业号相关权益。请填写与营业执照一致的信息，审核一般在 3 个工作日内完成。"
      orgLabel="企业名称"
      licenceLabel="营业执照"
    />
  );
}
