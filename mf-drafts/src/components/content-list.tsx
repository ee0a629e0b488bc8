import { type ReactNode, useDeferredValue } from 'react';
import { Empty, Flex, Pagination, Spin } from 'antd';

interface ContentListProps<T> {
  /** Undefined until the first answer. */
  items: readonly T[] | undefined;
  total: number;
  /** More items exist than `total` (a keyword's count stops early): the pager reads "共 1000+ 条". */
  capped?: boolean;
  page: number;
  pageSize: number;
  loading: boolean;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  onPageChange: (page: number) => void;
}

/** A page of items, the empty state (暂无内容, once an answer says so) and the pager with total and jumper. */
export function ContentList<T>({ items, total, capped = false, page, pageSize, loading, renderItem, itemKey, onPageChange }: ContentListProps<T>) {
  // A new answer's rows render in a deferred render, which React splits into short slices and yields to the
  // browser between (the store's update that brings the answer would render them in one long task).
  // Until it lands the previous rows stay, under the spinner.
  const shown = useDeferredValue(items);
  const settling = shown !== items;
  return (
    <Spin spinning={loading || settling}>
      {shown?.length ? (
        <div role="list">
          {shown.map((item) => (
            <div role="listitem" key={itemKey(item)}>
              {renderItem(item)}
            </div>
          ))}
        </div>
      ) : shown === undefined && (loading || settling) ? (
        // Nothing to show yet: no 暂无内容 before the first answer says so.
        <div style={{ minHeight: 160 }} aria-busy="true" />
      ) : (
        <Empty description="暂无内容" style={{ padding: '48px 0' }} />
      )}
      {total > 0 && (
        <Flex justify="flex-end" style={{ marginTop: 16 }}>
          <Pagination
            current={page}
            pageSize={pageSize}
            total={total}
            showSizeChanger={false}
            showQuickJumper
            showTotal={(count) => `共 ${count}${capped ? '+' : ''} 条`}
            onChange={onPageChange}
          />
        </Flex>
      )}
    </Spin>
  );
}
