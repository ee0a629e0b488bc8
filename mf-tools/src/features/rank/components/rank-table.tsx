import { Avatar, Table, Tag } from 'antd';
import type { RankRow } from 'shared-sdk/contract';

const MEDALS = ['#faad14', '#bfbfbf', '#d48806'];

export function RankTable({ rows, mine, loading }: { rows: readonly RankRow[]; mine: RankRow | null; loading: boolean }) {
  const columns = [
    {
      title: '排名',
      dataIndex: 'position',
      width: 90,
      render: (position: number) => (position <= 3 ? <Tag color={MEDALS[position - 1]}>{position}</Tag> : position),
    },
    {
      title: '创作者',
      dataIndex: 'nickname',
      render: (nickname: string, row: RankRow) => (
        <span>
          <Avatar size="small" src={row.avatar || undefined} style={{ marginRight: 8 }}>
            {nickname.slice(0, 1)}
          </Avatar>
          {nickname}
          {mine?.user_id === row.user_id ? <Tag color="blue" style={{ marginLeft: 8 }}>我</Tag> : null}
        </span>
      ),
    },
    { title: '创作分', dataIndex: 'score', width: 120, render: (score: number) => score.toFixed(1) },
  ];
  const inTop = mine !== null && rows.some((row) => row.user_id === mine.user_id);
  return (
    <>
      <Table<RankRow>
        rowKey="user_id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={[...rows]}
        pagination={false}
        locale={{ emptyText: '暂无上榜创作者' }}
        rowClassName={(row) => (row.user_id === mine?.user_id ? 'rank-mine' : '')}
        onRow={(row) => (row.user_id === mine?.user_id ? { 'aria-current': true, style: { background: '#e6f4ff' } } : {})}
      />
      <div data-testid="my-rank" style={{ marginTop: 12, padding: '12px 16px', background: '#e6f4ff', borderRadius: 8 }}>
        {mine === null ? '本期暂未上榜：在这个周期内发布作品即可参与排名' : inTop ? `我的排名：第 ${mine.position} 名，创作分 ${mine.score.toFixed(1)}` : `我的排名：第 ${mine.position} 名（未进入前 100），创作分 ${mine.score.toFixed(1)}`}
      </div>
    </>
  );
}
