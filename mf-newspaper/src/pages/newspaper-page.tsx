import { useState } from 'react';
import { Card, Empty, Spin } from 'antd';
import { NewspaperFilters } from '../features/newspaper/components/newspaper-filters';
import { PageDialog } from '../features/newspaper/components/page-dialog';
import { PageGrid } from '../features/newspaper/components/page-grid';
import { useNewspaperPages } from '../features/newspaper/hooks/use-newspaper-pages';
import { type NewspaperQuery, useNewspaperQuery } from '../features/newspaper/hooks/use-newspaper-query';

/** /newspaper: pick a paper and a day, browse its pages, open one as a PDF. */
export function NewspaperPage() {
  const [query, setQuery] = useNewspaperQuery();
  const { pages, loading } = useNewspaperPages(query);
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  const changeQuery = (change: Partial<NewspaperQuery>) => {
    setOpenIndex(null);
    setQuery(change);
  };

  return (
    <Card title="数字报">
      <NewspaperFilters query={query} onChange={changeQuery} />
      <Spin spinning={loading}>
        <div style={{ marginTop: 24, minHeight: 240 }}>
          {pages?.length ? <PageGrid pages={pages} onOpen={setOpenIndex} /> : pages && !loading && <Empty description="该日暂无版面" />}
        </div>
      </Spin>
      <PageDialog pages={pages ?? []} index={openIndex} onIndexChange={setOpenIndex} onClose={() => setOpenIndex(null)} />
    </Card>
  );
}
