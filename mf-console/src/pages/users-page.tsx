import { useState } from 'react';
import { Input, Table, Tag, Typography } from 'antd';
import type { UserSummary } from 'shared-sdk/contract';
import { banText } from '../lib/ban-text';
import { useCan } from '../lib/operator-context';
import {
  useBanUserMutation,
  useResetUserPasswordMutation,
  useSetUserToolsMutation,
  useUnbanUserMutation,
  useUserDetailQuery,
  useUserSearchQuery,
  useVerifyUserMutation,
} from '../features/users/api';
import { UserDetailCard, type UserActions } from '../features/users/user-detail';
import { LoadFailure } from '../components/load-failure';

const SIZE = 20;

function useUserActions(): UserActions {
  const [verify] = useVerifyUserMutation();
  const [ban] = useBanUserMutation();
  const [unban] = useUnbanUserMutation();
  const [tools] = useSetUserToolsMutation();
  const [reset] = useResetUserPasswordMutation();
  return {
    verify: async (request) => void (await verify(request).unwrap()),
    ban: async (request) => void (await ban(request).unwrap()),
    unban: async (request) => void (await unban(request).unwrap()),
    tools: async (request) => void (await tools(request).unwrap()),
    resetPassword: async (request) => (await reset(request).unwrap()).code,
  };
}

/** 用户: find a creator by phone, nickname or id, and act on them. */
export function UsersPage() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const search = useUserSearchQuery({ ...(query ? { q: query } : {}), page, size: SIZE }, { skip: !query });
  const detail = useUserDetailQuery({ id: chosen ?? 0 }, { skip: chosen === null });
  const actions = useUserActions();
  const canModerate = useCan('moderate');
  const canAdmin = useCan('admin');

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        用户
      </Typography.Title>
      <Input.Search
        aria-label="手机号、昵称或编号"
        placeholder="手机号、昵称或编号"
        enterButton="查找"
        allowClear
        style={{ maxWidth: 420, marginBottom: 16 }}
        onSearch={(value) => {
          setQuery(value.trim());
          setPage(1);
          setChosen(null);
        }}
      />
      <LoadFailure query={search} />
      {query && (
        <Table<UserSummary>
          rowKey="id"
          size="small"
          loading={search.isFetching}
          dataSource={search.data?.list ?? []}
          locale={{ emptyText: '没有找到创作者' }}
          pagination={{ current: page, pageSize: SIZE, total: search.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          onRow={(row) => ({ onClick: () => setChosen(row.id) })}
          columns={[
            { title: '编号', dataIndex: 'id', width: 80 },
            {
              title: '昵称',
              dataIndex: 'nickname',
              render: (nickname: string, row) => (
                <a
                  href={`#user-${row.id}`}
                  aria-current={row.id === chosen ? 'true' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    setChosen(row.id);
                  }}
                >
                  {nickname}
                </a>
              ),
            },
            { title: '手机号', dataIndex: 'phone' },
            { title: '实名', dataIndex: 'verified', render: (verified: boolean) => (verified ? '已认证' : '未认证') },
            { title: '封禁', dataIndex: 'ban', render: (ban: UserSummary['ban']) => (ban ? <Tag color="error">{banText(ban)}</Tag> : '无') },
          ]}
          style={{ marginBottom: 24 }}
        />
      )}
      <LoadFailure query={detail} flush />
      {detail.data && chosen !== null && <UserDetailCard user={detail.data} actions={actions} canModerate={canModerate} canAdmin={canAdmin} />}
    </>
  );
}
