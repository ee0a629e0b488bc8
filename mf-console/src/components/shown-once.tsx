import { Button, Modal, Typography } from 'antd';

/**
 * A secret the server shows only now (an initial password, a personal token): copy it, then it is gone,
 * from the page as well (the closed dialog is taken out of the document, not kept hidden with it).
 */
export function ShownOnce({ title, note, value, onClose }: { title: string; note: string; value: string | null; onClose: () => void }) {
  return (
    <Modal open={value !== null} title={title} onCancel={onClose} footer={<Button onClick={onClose}>我已记下</Button>} destroyOnHidden>
      <p>{note}</p>
      <Typography.Text code copyable data-testid="shown-once" style={{ wordBreak: 'break-all' }}>
        {value}
      </Typography.Text>
    </Modal>
  );
}
