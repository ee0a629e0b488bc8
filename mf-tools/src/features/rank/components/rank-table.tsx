import { Avatar, Badge, List, Typography } from 'antd';
import type { RankRow } from 'shared-sdk/contract';

const MEDALS = ['#faad14', '#bfbfbf', '#d48806'];

function Position({ position }: { position: number }) {
  return position <= 3 ? <Badge count={position} color={MEDALS[position - 1]} /> : <Typography.Text strong>{position}</Typography.Text>;
}

/** The top 100 as a list (my row highlighted), then my own row when I am below it or not ranked. */
export function RankTable({ rows, mine, loading }: { rows: readonly RankRow[]; mine: RankRow | null; loading: boolean }) {
  const inTop = mine !== null && rows.some((row) => row.user_id === mine.user_id);
  return (
    <>
      <List<RankRow>
        loading={loading}
        dataSource={[...rows]}
        rowKey="user_id"
        locale={{ emptyText: '暂无上榜创作者' }}
        renderItem={(row) => {
          const isMine = row.user_id === mine?.user_id;
          return (
            <List.Item
              data-testid="rank-row"
              aria-current={isMine ? true : undefined}
              style={isMine ? { background: '#e6f4ff', paddingInline: 8 } : { paddingInline: 8 }}
            >
              <span style={{ width: 56, display: 'inline-block' }}>
                <Position position={row.position} />
              </span>
              <span style={{ flex: 1 }}>
                <Avatar size="small" src={row.avatar || undefined} style={{ marginRight: 8 }}>
                  {row.nickname.slice(0, 1)}
                </Avatar>
                {row.nickname}
                {isMine ? (
                  <Typography.Text type="success" style={{ marginLeft: 8 }}>
                    （我）
                  </Typography.Text>
                ) : null}
              </span>
              <Typography.Text strong>{row.score.toFixed(1)}</Typography.Text>
            </List.Item>
          );
        }}
      />
      <div data-testid="my-rank" style={{ marginTop: 12, padding: '12px 16px', background: '#e6f4ff', borderRadius: 8 }}>
        {mine === null
          ? '本期暂未上榜：在这个周期内发布作品即可参与排名'
          : inTop
            ? `我的排名：第 ${mine.position} 名，创作分 ${mine.score.toFixed(1)}`
            : `我的排名：第 ${mine.position} 名（未进入前 100），创作分 ${mine.score.toFixed(1)}`}
      </div>
    </>
  );
}
