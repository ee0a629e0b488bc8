import { useEffect, useState } from 'react';
import { App, Button, Drawer, Empty, List, Modal, Space, Typography } from 'antd';
import type { DraftVersionItem, DraftVersionListAnswer, EditorDocument } from 'shared-sdk/contract';
import { editorCalls } from '../../../api/editor-calls';
import { DocumentView } from './document-view';

interface Props {
  open: boolean;
  draftId: number | null;
  baseVersion: number | null;
  onClose: () => void;
  /** A version was restored on the server: its document and the draft's new version. */
  onRestored: (doc: EditorDocument, version: number) => void;
}

/** 历史版本: the last 50 server versions; one can be viewed and restored (as a new version). */
export function HistoryDrawer({ open, draftId, baseVersion, onClose, onRestored }: Props) {
  const { message } = App.useApp();
  const [answer, setAnswer] = useState<DraftVersionListAnswer | null>(null);
  const [viewing, setViewing] = useState<{ item: DraftVersionItem; doc: EditorDocument } | null>(null);

  useEffect(() => {
    if (!open || !draftId) return;
    let live = true;
    editorCalls.versions(draftId).then(
      (list) => live && setAnswer(list),
      (error: { message?: string }) => void message.error(error.message ?? '加载失败'),
    );
    return () => {
      live = false;
    };
  }, [open, draftId, message]);

  const view = async (item: DraftVersionItem) => {
    if (!draftId) return;
    const version = await editorCalls.version(draftId, item.version);
    setViewing({ item, doc: version.document });
  };
  const restore = async (item: DraftVersionItem) => {
    if (!draftId) return;
    try {
      const version = await editorCalls.version(draftId, item.version);
      const saved = await editorCalls.restoreVersion({ id: draftId, version: item.version, ...(baseVersion ? { base_version: baseVersion } : {}) });
      void message.success('已恢复该版本');
      setViewing(null);
      onRestored(version.document, saved.version);
    } catch (error) {
      void message.error((error as { message?: string }).message ?? '恢复失败');
    }
  };

  return (
    <Drawer open={open} title="历史版本" size={420} onClose={onClose}>
      {!draftId ? (
        <Empty description="保存草稿后可查看历史版本" />
      ) : (
        <List
          dataSource={answer?.list ?? []}
          locale={{ emptyText: '暂无历史版本' }}
          renderItem={(item) => (
            <List.Item
              actions={[
                <Button key="view" type="link" size="small" onClick={() => void view(item)}>
                  查看
                </Button>,
                <Button key="restore" type="link" size="small" disabled={item.version === answer?.current} onClick={() => void restore(item)}>
                  恢复此版本
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space>
                    <span>版本 {item.version}</span>
                    {item.version === answer?.current && <Typography.Text type="success">当前</Typography.Text>}
                  </Space>
                }
                description={`${item.create_time} · ${item.title || '无标题'}`}
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={viewing !== null}
        title={`版本 ${viewing?.item.version ?? ''}`}
        width={760}
        onCancel={() => setViewing(null)}
        okText="恢复此版本"
        onOk={() => viewing && void restore(viewing.item)}
      >
        {viewing && <DocumentView doc={viewing.doc} />}
      </Modal>
    </Drawer>
  );
}
