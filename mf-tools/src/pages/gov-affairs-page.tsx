import { CertificationScreen } from '../features/certification/components/certification-screen';

export function GovAffairsPage() {
  return (
    <CertificationScreen
      kind="gov"
      title="政务号入驻"
      intro="党政机关、事业单位及承担公共服务职能的机构可申请政务号。请填写与机构证照一致的信息，审核一般在 3 个工作日内完成。"
      orgLabel="机构名称"
      licenceLabel="机构证照（事业单位法人证书、统一社会信用代码证书等）"
    />
  );
}
