import { Button, Table, type TableColumnsType, Tag } from 'antd';
import { formatTime } from '../lib/age';

/** What every kind of token the console lists has: an operator's personal tokens, CI release tokens. */
export interface TokenRow {
  id: number;
  name: string;
  /** The first characters, to recognise it. */
  hint: string;
  created_at: string;
  /** Null: it does not expire. */
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** 有效, 已吊销 or 已过期, as the server would judge the token now. */
export function tokenState(token: TokenRow, now = Date.now()): { text: string; color: string } {
  if (token.revoked_at) return { text: '已吊销', color: 'default' };
  if (token.expires_at && Date.parse(token.expires_at) <= now) return { text: '已过期', color: 'warning' };
  return { text: '有效', color: 'success' };
}

export interface TokenTableProps<T extends TokenRow> {
  tokens: readonly T[];
  loading: boolean;
  /** Said when there is none. */
  emptyText: string;
  /** The kind's own columns, after the hint (a CI token's remote, environment and creator). */
  details?: TableColumnsType<T>;
  /** Said for a token never used. */
  neverUsed?: string;
  /**
   * How 状态 reads: `state`, 有效 / 已吊销 / 已过期 with the revoke button in a column of its own (操作);
   * `revoke`, the revoke button until the token is revoked, 已吊销 after.
   */
  stateColumn?: 'state' | 'revoke';
  /** Asks to revoke a token that is not revoked yet. */
  onRevoke: (token: T) => void;
}

/** A list of tokens (never the tokens themselves): name, hint, creation, expiry, last use, state, and revoking one. */
export function TokenTable<T extends TokenRow>({
  tokens,
  loading,
  emptyText,
  details = [],
  neverUsed = '—',
  stateColumn = 'state',
  onRevoke,
}: TokenTableProps<T>) {
  const revokeButton = (row: T) =>
    row.revoked_at ? null : (
      <Button autoInsertSpace={false} size="small" danger onClick={() => onRevoke(row)} aria-label={`吊销 ${row.name}`}>
        吊销
      </Button>
    );
  const state: TableColumnsType<T> =
    stateColumn === 'state'
      ? [
          {
            title: '状态',
            key: 'state',
            render: (_: unknown, row) => {
              const { text, color } = tokenState(row);
              return <Tag color={color}>{text}</Tag>;
            },
          },
          { title: '操作', key: 'actions', render: (_: unknown, row) => revokeButton(row) },
        ]
      : [{ title: '状态', key: 'state', render: (_: unknown, row) => revokeButton(row) ?? <Tag>已吊销</Tag> }];
  return (
    <Table<T>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={[...tokens]}
      pagination={false}
      locale={{ emptyText }}
      columns={[
        { title: '名称', dataIndex: 'name' },
        { title: '令牌', dataIndex: 'hint', render: (hint: string) => `${hint}…` },
        ...details,
        { title: '创建时间', dataIndex: 'created_at', render: (at: string) => formatTime(at) },
        { title: '到期', dataIndex: 'expires_at', render: (at: string | null) => (at ? formatTime(at) : '不过期') },
        { title: '最近使用', dataIndex: 'last_used_at', render: (at: string | null) => (at ? formatTime(at) : neverUsed) },
        ...state,
      ]}
    />
  );
}
