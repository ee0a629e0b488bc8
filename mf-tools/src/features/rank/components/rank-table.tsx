import { type CSSProperties, useDeferredValue } from 'react';
import { Avatar, Badge, List, theme, Typography } from 'antd';
import type { RankRow } from 'shared-sdk/contract';

const MEDALS = ['#faad14', '#bfbfbf', '#d48806'];
/** Rows rendered at once when a list arrives: more than a window shows; the rest follow in a background render. */
export const FIRST_ROWS = 20;

/**
 * The top 100 as a list (my row highlighted), then my own row when I am below it or not ranked.
 *
 * A hundred rows are kept cheap to render: the first FIRST_ROWS render with the answer and the rest in
 * a deferred render React can interrupt (useDeferredValue), so the page answers input while they come;
 * the nickname's initial (shown without a picture, or when it fails) is an Avatar icon, not Avatar
 * text, which antd measures to scale long text down (a forced layout per row, then a second render
 * with a ResizeObserver); positions and scores are plain <strong> in Typography's strong weight
 * instead of a Typography component each.
 */
export function RankTable({ rows, mine, loading }: { rows: readonly RankRow[]; mine: RankRow | null; loading: boolean }) {
  const { token } = theme.useToken();
  const deferredRows = useDeferredValue(rows);
  const shown = deferredRows === rows ? rows : rows.slice(0, FIRST_ROWS);
  const strong: CSSProperties = { fontWeight: token.fontWeightStrong };
  const inTop = mine !== null && rows.some((row) => row.user_id === mine.user_id);
  return (
    <>
      <List<RankRow>
        loading={loading}
        dataSource={[...shown]}
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
                {row.position <= 3 ? <Badge count={row.position} color={MEDALS[row.position - 1]} /> : <strong style={strong}>{row.position}</strong>}
              </span>
              <span style={{ flex: 1 }}>
                <Avatar size="small" src={row.avatar || undefined} icon={row.nickname.slice(0, 1)} style={{ marginRight: 8 }} />
                {row.nickname}
                {isMine ? (
                  <Typography.Text type="success" style={{ marginLeft: 8 }}>
                    （我）
                  </Typography.Text>
                ) : null}
              </span>
              <strong style={strong}>{row.score.toFixed(1)}</strong>
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
