import { Modal, Typography } from 'antd';

export const CERT_TITLE = '请完成实名认证';
export const CERT_TEXT = '请打开客户端，进入「我的」，点击「实名认证」完成认证';

export function CertDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal title={CERT_TITLE} open={open} onOk={onClose} onCancel={onClose} okText="我知道了" cancelButtonProps={{ style: { display: 'none' } }}>
      <Typography.Paragraph>{CERT_TEXT}</Typography.Paragraph>
    </Modal>
  );
}
