import type { Key, ReactNode } from 'react';
import { Button, type TableColumnType, type TableProps } from 'antd';
import { formatAge, formatTime, secondsSince } from '../../lib/age';

/** What every review queue's row has: the item, its title, and when it was submitted. */
export interface QueueRow {
  id: number;
  title: string;
  submitted_at: string;
}

export interface QueueTableOptions {
  canDecide: boolean;
  selected: Key[];
  onSelect: (keys: Key[]) => void;
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}

/** The review queues' tables alike: rows picked for a batch decision (deciders only), and paging. */
export function queueTableProps<T extends QueueRow>({ canDecide, selected, onSelect, page, size, total, onPage }: QueueTableOptions): TableProps<T> {
  return {
    rowKey: 'id',
    rowSelection: canDecide ? { selectedRowKeys: selected, onChange: onSelect, getCheckboxProps: (row) => ({ 'aria-label': `选择 ${row.title}` }) } : undefined,
    pagination: { current: page, pageSize: size, total, onChange: onPage, showSizeChanger: false, showTotal: (n) => `共 ${n} 条` },
  };
}

/** When it was submitted, and how long it has waited. */
export function submittedColumn<T extends QueueRow>(): TableColumnType<T> {
  return {
    title: '提交时间',
    dataIndex: 'submitted_at',
    width: 170,
    render: (at: string) => (
      <>
        {formatTime(at)}
        <br />
        已等待 {formatAge(secondsSince(at))}
      </>
    ),
  };
}

/** A row's 通过 and 驳回, named after the item for screen readers; `children` adds the queue's own. */
export function DecisionButtons({
  title,
  onApprove,
  onReject,
  children,
}: {
  title: string;
  onApprove: () => void;
  onReject: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      <Button autoInsertSpace={false} size="small" type="primary" onClick={onApprove} aria-label={`通过 ${title}`}>
        通过
      </Button>
      <Button autoInsertSpace={false} size="small" danger onClick={onReject} aria-label={`驳回 ${title}`}>
        驳回
      </Button>
      {children}
    </>
  );
}
