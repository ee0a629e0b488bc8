import { fireEvent, render, screen, within } from '@testing-library/react';
import { type TokenRow, TokenTable } from './token-table';

const tokenOf = (id: number, name: string, fields: Partial<TokenRow> = {}): TokenRow => ({
  id,
  name,
  hint: `mfop_${id}ab`,
  created_at: '2026-11-01T08:00:00.000Z',
  expires_at: '2099-01-30T08:00:00.000Z',
  last_used_at: null,
  revoked_at: null,
  ...fields,
});

const LIVE = tokenOf(3, '笔记本', { last_used_at: '2026-11-20T08:00:00.000Z' });
const REVOKED = tokenOf(2, '旧电脑', { revoked_at: '2026-11-10T08:00:00.000Z' });
const EXPIRED = tokenOf(1, '过期的', { expires_at: '2026-02-01T08:00:00.000Z' });
const FOREVER = tokenOf(4, '服务器', { expires_at: null });

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('a table of tokens', () => {
  it('tells each token’s state, its hint, expiry and last use; 吊销 only for a token not revoked', () => {
    const onRevoke = jest.fn();
    render(<TokenTable tokens={[LIVE, REVOKED, EXPIRED, FOREVER]} loading={false} emptyText="没有令牌" neverUsed="未使用" onRevoke={onRevoke} />);
    const live = rowOf('笔记本');
    expect(within(live).getByText('有效')).toBeInTheDocument();
    expect(within(live).getByText('mfop_3ab…')).toBeInTheDocument();
    expect(within(rowOf('旧电脑')).getByText('已吊销')).toBeInTheDocument();
    expect(within(rowOf('旧电脑')).getByText('未使用')).toBeInTheDocument();
    expect(within(rowOf('旧电脑')).queryByRole('button', { name: /吊销/ })).not.toBeInTheDocument();
    expect(within(rowOf('过期的')).getByText('已过期')).toBeInTheDocument();
    expect(within(rowOf('服务器')).getByText('不过期')).toBeInTheDocument();
    expect(within(rowOf('服务器')).getByText('有效')).toBeInTheDocument();

    fireEvent.click(within(live).getByRole('button', { name: '吊销 笔记本' }));
    expect(onRevoke).toHaveBeenCalledWith(LIVE);
  });

  it('holds the 吊销 button in 状态 until the token is revoked, when asked to', () => {
    render(<TokenTable tokens={[LIVE, REVOKED]} loading={false} emptyText="没有令牌" stateColumn="revoke" onRevoke={() => undefined} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['名称', '令牌', '创建时间', '到期', '最近使用', '状态']);
    expect(within(rowOf('笔记本')).getByRole('button', { name: '吊销 笔记本' })).toBeInTheDocument();
    expect(within(rowOf('笔记本')).queryByText('有效')).not.toBeInTheDocument();
    expect(within(rowOf('旧电脑')).getByText('已吊销')).toBeInTheDocument();
    expect(within(rowOf('旧电脑')).getByText('—')).toBeInTheDocument();
  });

  it('puts the kind’s own columns after the hint, and says when there is none', () => {
    render(<TokenTable tokens={[]} loading={false} emptyText="没有发布令牌" details={[{ title: '模块', dataIndex: 'remote' }]} onRevoke={() => undefined} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '名称',
      '令牌',
      '模块',
      '创建时间',
      '到期',
      '最近使用',
      '状态',
      '操作',
    ]);
    expect(screen.getByText('没有发布令牌')).toBeInTheDocument();
  });
});
