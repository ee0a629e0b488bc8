import { memo, useEffect } from 'react';
import { Flex, Tabs } from 'antd';
import { DRAFT_TABS_ALL, LIMITS } from 'shared-sdk/contract';
import { ContentList } from '../../../components/content-list';
import { TitleSearch } from '../../../components/title-search';
import { useSearchDraftsQuery } from '../api/draft-api';
import { useDraftListParams } from '../hooks/use-draft-list-params';
import { DraftListItem } from './draft-list-item';

// docs/product.md §2's tabs plus the editor's 合集 and 动态.
const TAB_ITEMS = DRAFT_TABS_ALL.map((tab) => ({ key: String(tab.value), label: tab.label }));

interface FiltersProps {
  type: number;
  title: string;
  setType: (type: number) => void;
  setTitle: (title: string) => void;
}

/**
 * The tabs and search. Memoized: each change of the list's query (pending, fetching, the answer) renders
 * the list in the store's synchronous render, and the tabs measure themselves in a layout effect each
 * time they render, which forces the page's style and layout in that task.
 */
const Filters = memo(function Filters({ type, title, setType, setTitle }: FiltersProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12}>
      <Tabs activeKey={String(type)} items={TAB_ITEMS} onChange={(key) => setType(Number(key))} style={{ marginBottom: 0 }} />
      <TitleSearch title={title} placeholder="请输入草稿标题" onSearch={setTitle} />
    </Flex>
  );
});

/** /draft: tabs 全部/图文/视频/图集, keyword search, 10 drafts a page (docs/product.md §2). */
export function DraftList() {
  const { type, title, page, setType, setTitle, setPage } = useDraftListParams();
  const { data, isFetching } = useSearchDraftsQuery({ type, page, title });
  const total = data?.count ?? 0;

  // A page emptied by deletions (or a stale URL) moves to the last page that has drafts.
  const lastPage = Math.max(1, Math.ceil(total / LIMITS.DRAFT_PAGE_SIZE));
  useEffect(() => {
    if (data && !data.returnData.length && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage, setPage]);

  return (
    <Flex vertical gap={8}>
      <Filters type={type} title={title} setType={setType} setTitle={setTitle} />
      <ContentList
        items={data?.returnData}
        total={total}
        capped={data?.capped}
        page={page}
        pageSize={LIMITS.DRAFT_PAGE_SIZE}
        loading={isFetching}
        itemKey={(draft) => draft.nd_id}
        renderItem={(draft) => <DraftListItem draft={draft} />}
        onPageChange={setPage}
      />
    </Flex>
  );
}
