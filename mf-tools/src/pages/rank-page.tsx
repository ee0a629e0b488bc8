import { useState } from 'react';
import { Card, Tabs, Typography } from 'antd';
import { RANK_PERIODS, RANK_TYPES, type RankPeriod, type RankType } from 'shared-sdk/contract';
import { useRankListQuery } from '../features/rank/api';
import { RankTable } from '../features/rank/components/rank-table';

/** /rank: opens in a window of its own, without the shell's layout (routes.ts: open window, bare). */
export function RankPage() {
  const [period, setPeriod] = useState<RankPeriod>('week');
  const [type, setType] = useState<RankType>(0);
  const { data, isFetching } = useRankListQuery({ period, type });
  return (
    <div style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>
      <Card title="创作者排行榜" extra={data?.day ? <Typography.Text type="secondary">统计至 {data.day}</Typography.Text> : null}>
        <Tabs activeKey={period} onChange={(key) => setPeriod(key as RankPeriod)} items={RANK_PERIODS.map((p) => ({ key: p.value, label: p.label }))} />
        <Tabs
          type="card"
          size="small"
          activeKey={String(type)}
          onChange={(key) => setType(Number(key) as RankType)}
          items={RANK_TYPES.map((t) => ({ key: String(t.value), label: t.label }))}
        />
        <RankTable rows={data?.list ?? []} mine={data?.mine ?? null} loading={isFetching} />
      </Card>
    </div>
  );
}
