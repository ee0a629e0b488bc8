import { useEffect } from 'react';
import { Button, Modal, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { NewspaperPage } from 'shared-sdk';
import { pageLabel } from './page-grid';

export interface PageDialogProps {
  pages: readonly NewspaperPage[];
  /** The open page, or null when the dialog is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** Browsers' PDF viewers: no thumbnail pane (one page per file), page fitted to the width. */
const PDF_VIEW = '#navpanes=0&view=FitH';

/** One page's PDF in a large dialog, stepping through the issue with buttons or ← / →. */
export function PageDialog({ pages, index, onIndexChange, onClose }: PageDialogProps) {
  const page = index === null ? undefined : pages[index];
  const hasPrevious = index !== null && index > 0;
  const hasNext = index !== null && index < pages.length - 1;

  useEffect(() => {
    if (index === null) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft' && index > 0) onIndexChange(index - 1);
      if (event.key === 'ArrowRight' && index < pages.length - 1) onIndexChange(index + 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, pages.length, onIndexChange]);

  return (
    <Modal
      open={page !== undefined}
      title={index === null ? '' : `${pageLabel(index)}（共${pages.length}版）`}
      width="min(1200px, 92vw)"
      centered
      destroyOnHidden
      onCancel={onClose}
      styles={{ body: { height: '78vh' } }}
      footer={
        <Space>
          <Button icon={<LeftOutlined />} disabled={!hasPrevious} onClick={() => index !== null && onIndexChange(index - 1)}>
            上一版
          </Button>
          <Button icon={<RightOutlined />} iconPlacement="end" disabled={!hasNext} onClick={() => index !== null && onIndexChange(index + 1)}>
            下一版
          </Button>
        </Space>
      }
    >
      {page && index !== null && (
        <iframe key={page.pdf} src={`${page.pdf}${PDF_VIEW}`} title={`${pageLabel(index)} PDF`} style={{ width: '100%', height: '100%', border: 0 }} />
      )}
    </Modal>
  );
}
