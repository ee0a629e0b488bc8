import { memo, useDeferredValue, useEffect } from 'react';
import { Col, Empty, Pagination, Row, Spin } from 'antd';
import { LIMITS } from 'shared-sdk';
import { useListMaterialsQuery } from '../../../api/material-api';
import { toListRequest } from '../filters';
import { useLibraryFilters } from '../hooks/use-library-filters';
import type { LibraryScope } from '../library-scope';
import { FilterBar } from './filter-bar';
import { MaterialCard } from './material-card';

// Each change of the list's query (pending, fetching, the answer) renders the library in the store's
// synchronous render; the filters (a select, a range picker, an input) take part only when they change.
const Filters = memo(FilterBar);

export function MaterialLibrary({ scope }: { scope: LibraryScope }) {
  const { filters, update } = useLibraryFilters(scope);
  const { data, error, isFetching } = useListMaterialsQuery(toListRequest(filters, scope));
  // docs/product.md §8: a failed list is only logged; the screen keeps what it had.
  useEffect(() => {
    if (error) console.error('material list failed', error);
  }, [error]);
  const page = data?.data;
  // A new answer's cards render in a deferred render, which React splits into short slices and yields to the
  // browser between (the store's update that brings the answer would render them all in one long task).
  // Until it lands the previous cards stay, under the spinner.
  const shown = useDeferredValue(page);
  return (
    <div>
      <Filters scope={scope} filters={filters} onChange={update} />
      <Spin spinning={isFetching || shown !== page}>
        {shown?.data.length ? (
          <Row gutter={[16, 16]}>
            {shown.data.map((material) => (
              <Col key={material.cm_id} xs={24} sm={12} md={8} lg={6} xl={4}>
                <MaterialCard material={material} showStatus={scope === 'mine'} />
              </Col>
            ))}
          </Row>
        ) : (
          <Empty description="暂无内容" />
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 24, justifyContent: 'flex-end' }}
        current={filters.page}
        pageSize={LIMITS.MATERIAL_PAGE_SIZE}
        total={page?.total ?? 0}
        // A keyword's count stops early: more exist than the total it shows.
        showTotal={(total) => `共 ${total}${page?.capped ? '+' : ''} 条`}
        showQuickJumper
        showSizeChanger={false}
        onChange={(next) => update({ page: next })}
      />
    </div>
  );
}
