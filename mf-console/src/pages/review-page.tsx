import { useState } from 'react';
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'shared-sdk/router';
import type { QueueName, QueueSummary } from 'shared-sdk/contract';
import { formatAge } from '../lib/age';
import { useCan } from '../lib/operator-context';
import { useQueueSummaryQuery } from '../features/queues/api';
import {
  useCertificationQueueQuery,
  useDecideCertificationMutation,
  useDecideManuscriptsMutation,
  useDecideMaterialsMutation,
  useManuscriptQueueQuery,
  useMaterialQueueQuery,
} from '../features/review/api';
import { CertificationQueue } from '../features/review/certification-queue';
import { requireAllDecided } from '../features/review/decisions';
import { ManuscriptQueue } from '../features/review/manuscript-queue';
import { MaterialQueue, type MaterialFilter } from '../features/review/material-queue';
import { LoadFailure } from '../components/load-failure';

const SIZE = 20;
/**
 * Queues change under the operator's feet (creators submit, other operators decide): a tab opened
 * again asks the server instead of showing the list it left (RTK Query keeps it a minute).
 */
const FRESH = { refetchOnMountOrArgChange: true } as const;
const TABS = ['materials', 'manuscripts', 'certifications'] as const;
type Tab = (typeof TABS)[number];

/** A tab's label: its name, how many wait and the oldest's age. */
export function queueLabel(name: string, queues: readonly QueueSummary[], of: readonly QueueName[]): string {
  const mine = queues.filter((queue) => of.includes(queue.queue));
  if (mine.length === 0) return name;
  const count = mine.reduce((sum, queue) => sum + queue.count, 0);
  const oldest = Math.max(...mine.map((queue) => queue.oldest_age_seconds ?? 0));
  return count > 0 ? `${name}（${count}，最久 ${formatAge(oldest)}）` : `${name}（0）`;
}

function MaterialsTab() {
  const canDecide = useCan('moderate');
  const [filter, setFilter] = useState<MaterialFilter>(0);
  const [page, setPage] = useState(1);
  const queue = useMaterialQueueQuery({ ...(filter ? { cm_check: filter } : {}), page, size: SIZE }, FRESH);
  const [decide] = useDecideMaterialsMutation();
  return (
    <>
      <LoadFailure query={queue} />
      <MaterialQueue
        materials={queue.data?.list ?? []}
        total={queue.data?.total ?? 0}
        loading={queue.isFetching}
        filter={filter}
        onFilter={(next) => {
          setFilter(next);
          setPage(1);
        }}
        page={page}
        size={SIZE}
        onPage={setPage}
        canDecide={canDecide}
        onDecide={async (request) => requireAllDecided(await decide(request).unwrap())}
      />
    </>
  );
}

function ManuscriptsTab() {
  const canDecide = useCan('moderate');
  const [page, setPage] = useState(1);
  const queue = useManuscriptQueueQuery({ page, size: SIZE }, FRESH);
  const [decide] = useDecideManuscriptsMutation();
  return (
    <>
      <LoadFailure query={queue} />
      <ManuscriptQueue
        manuscripts={queue.data?.list ?? []}
        total={queue.data?.total ?? 0}
        loading={queue.isFetching}
        page={page}
        size={SIZE}
        onPage={setPage}
        canDecide={canDecide}
        onDecide={async (request) => requireAllDecided(await decide(request).unwrap())}
      />
    </>
  );
}

function CertificationsTab() {
  const canDecide = useCan('moderate');
  const queue = useCertificationQueueQuery({ size: 100 }, FRESH);
  const [decide] = useDecideCertificationMutation();
  return (
    <>
      <LoadFailure query={queue} />
      <CertificationQueue
        applications={queue.data?.list ?? []}
        loading={queue.isFetching}
        canDecide={canDecide}
        onDecide={async (request) => {
          await decide(request).unwrap();
        }}
      />
    </>
  );
}

/** 审核: the review queues, oldest first, with counts and the age of the oldest. */
export function ReviewPage() {
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === search.get('tab')) ?? 'materials';
  const summary = useQueueSummaryQuery({}, FRESH);
  const queues = summary.data ?? [];
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        审核
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'materials', label: queueLabel('素材', queues, ['materials']), children: <MaterialsTab /> },
          { key: 'manuscripts', label: queueLabel('稿件', queues, ['manuscripts']), children: <ManuscriptsTab /> },
          { key: 'certifications', label: queueLabel('认证申请', queues, ['enterprise', 'gov']), children: <CertificationsTab /> },
        ]}
      />
    </>
  );
}
