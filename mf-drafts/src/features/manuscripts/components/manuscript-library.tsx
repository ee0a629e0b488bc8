import { memo, useEffect, useState } from 'react';
import { Flex, Radio, Tabs } from 'antd';
import { LIMITS, MANUSCRIPT_TABS, statusFiltersFor, type Manuscript } from 'shared-sdk/contract';
import { ContentList } from '../../../components/content-list';
import { TitleSearch } from '../../../components/title-search';
import { useListManuscriptsQuery } from '../api/manuscript-api';
import { useManuscriptActions } from '../hooks/use-manuscript-actions';
import { useManuscriptParams } from '../hooks/use-manuscript-params';
import { ManuscriptItem } from './manuscript-item';
import { ManuscriptView } from './manuscript-view';
import { WithdrawDialog } from './withdraw-dialog';

/** 文章, 视频, 图集 and the editor's 合集 and 动态. */
const TYPE_TABS = MANUSCRIPT_TABS.map((option) => ({ key: String(option.value), label: option.label }));

interface FiltersProps {
  type: number;
  status: number;
  title: string;
  setType: (type: number) => void;
  setStatus: (status: number) => void;
  setTitle: (title: string) => void;
}

/**
 * The type tabs, status filter and search. Memoized: each change of the list's query (pending, fetching,
 * the answer) renders the library in the store's synchronous render, and the tabs measure themselves in
 * a layout effect each time they render, which forces the page's style and layout in that task.
 */
const Filters = memo(function Filters({ type, status, title, setType, setStatus, setTitle }: FiltersProps) {
  return (
    <>
      <Tabs activeKey={String(type)} items={TYPE_TABS} onChange={(key) => setType(Number(key))} />
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Radio.Group
          optionType="button"
          value={status}
          options={statusFiltersFor(type).map((option) => ({ value: option.value, label: option.label }))}
          onChange={(event) => setStatus(Number(event.target.value))}
        />
        <TitleSearch title={title} placeholder="请输入稿件标题" onSearch={setTitle} />
      </Flex>
    </>
  );
});

/** /personalScript: the creator's submitted and published works by type and status. */
export function ManuscriptLibrary() {
  const { type, status, title, page, setType, setStatus, setTitle, setPage } = useManuscriptParams();
  const { data, isFetching } = useListManuscriptsQuery({ type, status, page, title });
  const { edit, canChange, withdrawTo, confirmDelete } = useManuscriptActions();
  const [viewing, setViewing] = useState<number | null>(null);
  const [withdrawing, setWithdrawing] = useState<Manuscript | null>(null);
  const total = data?.count ?? 0;

  const lastPage = Math.max(1, Math.ceil(total / LIMITS.DRAFT_PAGE_SIZE));
  useEffect(() => {
    if (data && !data.returnData.length && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage, setPage]);

  const handlers = {
    onView: (item: Manuscript) => setViewing(item.nm_id),
    onEdit: edit,
    onWithdraw: (item: Manuscript) => canChange() && setWithdrawing(item),
    onDelete: confirmDelete,
  };

  return (
    <Flex vertical gap={8}>
      <Filters type={type} status={status} title={title} setType={setType} setStatus={setStatus} setTitle={setTitle} />
      <ContentList
        items={data?.returnData}
        total={total}
        capped={data?.capped}
        page={page}
        pageSize={LIMITS.DRAFT_PAGE_SIZE}
        loading={isFetching}
        itemKey={(item) => item.nm_id}
        renderItem={(item) => <ManuscriptItem item={item} handlers={handlers} />}
        onPageChange={setPage}
      />
      <ManuscriptView id={viewing} onClose={() => setViewing(null)} />
      <WithdrawDialog
        title={withdrawing ? withdrawing.nm_title : null}
        onCancel={() => setWithdrawing(null)}
        onConfirm={async (to) => {
          if (withdrawing && (await withdrawTo(withdrawing, to))) setWithdrawing(null);
        }}
      />
    </Flex>
  );
}
