import { Empty, Modal } from 'antd';

/** The 在线客服 dialog, loaded with the first click on 客服 (header-actions.tsx). */
export function CustomerServiceDialog({ open, url, onClose }: { open: boolean; url: string; onClose: () => void }) {
  return (
    <Modal title="在线客服" open={open} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      {url ? <iframe title="在线客服" src={url} style={{ width: '100%', height: 520, border: 'none' }} /> : <Empty description="暂未开通在线客服" />}
    </Modal>
  );
}
