import { useState } from 'react';
import { Button, Card, Checkbox, Descriptions, Form, Image, Space, Table, Tag, Typography } from 'antd';
import { JOB_TOOL, type BanInfo, type UserBanRequest, type UserDetail, type UserToolsRequest } from 'shared-sdk/contract';
import { formatTime } from '../../lib/age';
import { banText } from '../../lib/ban-text';
import { DecisionDialog } from '../../components/decision-dialog';
import { ShownOnce } from '../../components/shown-once';
import { banRequest, BanFieldsItems, type BanFields } from './ban-fields';

/** The tools the console can grant, by code (the server refuses any code it does not know). */
const TOOL_NAMES: Readonly<Record<string, string>> = { [JOB_TOOL]: '招聘管理' };
const ENTERPRISE_TEXT: Readonly<Record<number, string>> = { 0: '未申请', 1: '已申请', 2: '已认证' };
const CERT_STATUS_TEXT: Readonly<Record<number, string>> = { 1: '已认证', 2: '已提交', 3: '审核中', 4: '审核失败' };

export interface UserActions {
  verify(request: { id: number; verified: boolean; reason?: string }): Promise<void>;
  ban(request: UserBanRequest): Promise<void>;
  unban(request: { id: number; reason?: string }): Promise<void>;
  tools(request: UserToolsRequest): Promise<void>;
  /** Answers the one-time password, shown once. */
  resetPassword(request: { id: number; reason?: string }): Promise<string>;
}

type Dialog = 'verify' | 'ban' | 'unban' | 'tools' | 'reset' | null;

/** One creator: verification, bans, tools, enterprise state; and what the operator's role may change. */
export function UserDetailCard({ user, actions, canModerate, canAdmin }: { user: UserDetail; actions: UserActions; canModerate: boolean; canAdmin: boolean }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [oneTimeCode, setOneTimeCode] = useState<string | null>(null);
  const activeBan = user.bans.find((ban) => ban.active);
  const toolOptions = [...new Set([...Object.keys(TOOL_NAMES), ...user.tools])].map((code) => ({ label: TOOL_NAMES[code] ?? code, value: code }));
  const close = () => setDialog(null);

  return (
    <Card
      title={<h2 style={{ fontSize: 16, margin: 0 }}>{`${user.nickname}（${user.phone}，编号 ${user.id}）`}</h2>}
      data-testid="user-detail"
      extra={
        <Space wrap>
          {canModerate && <Button onClick={() => setDialog('verify')}>{user.verified ? '取消实名认证' : '标记实名认证'}</Button>}
          {canModerate && (
            <Button danger onClick={() => setDialog('ban')}>
              封禁
            </Button>
          )}
          {canModerate && activeBan && <Button onClick={() => setDialog('unban')}>解除封禁</Button>}
          {canModerate && <Button onClick={() => setDialog('tools')}>设置工具</Button>}
          {canAdmin && (
            <Button danger onClick={() => setDialog('reset')}>
              重置密码
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'verified', label: '实名认证', children: user.verified ? <Tag color="success">已认证</Tag> : <Tag>未认证</Tag> },
          { key: 'ban', label: '当前封禁', children: activeBan ? `${banText(activeBan)}（${activeBan.reason}）` : '无' },
          { key: 'tools', label: '工具', children: user.tools.map((code) => TOOL_NAMES[code] ?? code).join('、') || '无' },
          { key: 'drama', label: '短剧权限', children: user.short_drama ? '有' : '无' },
          { key: 'enterprise', label: '企业状态', children: ENTERPRISE_TEXT[user.enterprise_status] ?? user.enterprise_status },
          { key: 'created', label: '注册时间', children: formatTime(user.created_at) },
        ]}
      />
      {user.certifications.length > 0 && (
        <>
          <Typography.Title level={3} style={{ fontSize: 15 }}>
            认证申请
          </Typography.Title>
          <Space wrap size={16}>
            {user.certifications.map((cert) => (
              <Card key={cert.kind} size="small" title={`${cert.kind === 'gov' ? '政务' : '企业'}：${cert.org_name}`}>
                <Image src={cert.licence_url} width={120} alt={`${cert.org_name} 营业执照`} />
                <p>
                  {CERT_STATUS_TEXT[cert.audit_status] ?? cert.audit_status}
                  {cert.reason ? `：${cert.reason}` : ''}
                </p>
              </Card>
            ))}
          </Space>
        </>
      )}
      <Typography.Title level={3} style={{ fontSize: 15, marginTop: 16 }}>
        封禁记录
      </Typography.Title>
      <Table<BanInfo>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={user.bans}
        locale={{ emptyText: '没有封禁记录' }}
        columns={[
          { title: '封禁', key: 'ban', render: (_: unknown, ban) => banText(ban) },
          { title: '原因', dataIndex: 'reason' },
          { title: '封禁人', dataIndex: 'created_by', render: (by: string | null) => by ?? '—' },
          { title: '时间', dataIndex: 'created_at', render: (at: string) => formatTime(at) },
          {
            title: '状态',
            key: 'state',
            render: (_: unknown, ban) => (ban.active ? <Tag color="error">生效中</Tag> : ban.lifted_at ? `已解除 ${formatTime(ban.lifted_at)}` : '已结束'),
          },
        ]}
      />

      <DecisionDialog
        open={dialog === 'verify'}
        title={user.verified ? '取消实名认证' : '标记实名认证'}
        description={`${user.nickname}（${user.phone}）`}
        okText="确定"
        danger={user.verified}
        reason={{ label: '原因', required: user.verified, max: 200 }}
        onClose={close}
        onSubmit={({ reason }) => actions.verify({ id: user.id, verified: !user.verified, ...(reason ? { reason } : {}) })}
      />
      <DecisionDialog
        open={dialog === 'ban'}
        title="封禁创作者"
        description={activeBan ? `新的封禁将替换当前的封禁（${banText(activeBan)}）。` : `${user.nickname}（${user.phone}）`}
        okText="确认封禁"
        danger
        reason={{ label: '封禁原因', required: true, max: 200, placeholder: '创作者会看到这个原因' }}
        onClose={close}
        onSubmit={({ reason, ...fields }) => actions.ban(banRequest(user.id, fields as unknown as BanFields, reason))}
      >
        <BanFieldsItems />
      </DecisionDialog>
      <DecisionDialog
        open={dialog === 'unban'}
        title="解除封禁"
        description={activeBan && banText(activeBan)}
        okText="确认解除"
        reason={{ label: '原因', required: false, max: 200 }}
        onClose={close}
        onSubmit={({ reason }) => actions.unban({ id: user.id, ...(reason ? { reason } : {}) })}
      />
      <DecisionDialog
        open={dialog === 'tools'}
        title="设置工具"
        okText="保存"
        initialValues={{ tools: user.tools, short_drama: user.short_drama }}
        onClose={close}
        onSubmit={({ tools, short_drama }) => actions.tools({ id: user.id, tools: (tools as string[] | undefined) ?? [], short_drama: Boolean(short_drama) })}
      >
        <Form.Item label="工具" name="tools">
          <Checkbox.Group options={toolOptions} />
        </Form.Item>
        <Form.Item name="short_drama" valuePropName="checked">
          <Checkbox>短剧权限</Checkbox>
        </Form.Item>
      </DecisionDialog>
      <DecisionDialog
        open={dialog === 'reset'}
        title="重置密码"
        description={`为 ${user.nickname}（${user.phone}）生成一次性密码；创作者的所有登录会失效。`}
        okText="确认重置"
        danger
        reason={{ label: '原因', required: false, max: 200 }}
        onClose={close}
        onSubmit={async ({ reason }) => setOneTimeCode(await actions.resetPassword({ id: user.id, ...(reason ? { reason } : {}) }))}
      />
      <ShownOnce title="一次性密码" note="只显示这一次，请交给创作者，并提醒其登录后修改密码：" value={oneTimeCode} onClose={() => setOneTimeCode(null)} />
    </Card>
  );
}
