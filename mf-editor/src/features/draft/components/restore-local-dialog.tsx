import dayjs from 'dayjs';
import { Modal, Typography } from 'antd';
import type { JournalEntry } from '../lib/journal';

/** After a crash or a closed tab: the browser's newer copy is offered back. */
export function RestoreLocalDialog({ entry, onRestore, onDiscard }: { entry: JournalEntry | null; onRestore: () => void; onDiscard: () => void }) {
  return (
    <Modal open={entry !== null} title="发现未保存的内容" okText="恢复本机内容" cancelText="不恢复" onOk={onRestore} onCancel={onDiscard} maskClosable={false}>
      <Typography.Paragraph>
        本机保存了一份较新的内容（{entry ? dayjs(entry.changedAt).format('YYYY-MM-DD HH:mm:ss') : ''}），尚未保存到服务器。是否恢复？
      </Typography.Paragraph>
      {entry?.doc.title && <Typography.Paragraph type="secondary">标题：{entry.doc.title}</Typography.Paragraph>}
    </Modal>
  );
}
