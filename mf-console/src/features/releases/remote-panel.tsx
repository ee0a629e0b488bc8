import type { ReactNode } from 'react';
import { Alert, Collapse, Descriptions, Empty, Spin, Table, Tag, Typography } from 'antd';
import { formatTime } from '../../lib/age';
import type { ReleaseHealth, ReleaseRemote, ReleaseTopError, ReleaseVersionHealth } from '../../api/releases';
import { RateChart } from './rate-chart';
import { ACTION_LABELS, ERROR_KIND_LABELS, ROLE_LABELS, countText } from './rates';
import { ReleaseActionButtons, type ReleaseActionKind } from './release-actions';

export interface RemotePanelProps {
  remote: ReleaseRemote;
  health: ReleaseHealth | undefined;
  healthLoading: boolean;
  healthError: string;
  onPick: (kind: ReleaseActionKind) => void;
  /** The QA users, the pins (each told only there) and the upload, shown under the rollout's buttons. */
  children?: ReactNode;
}

function ErrorList({ version }: { version: ReleaseVersionHealth }) {
  if (!version.top_errors.length) return <p>{`${version.version}：没有错误报告`}</p>;
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 12 }}
      items={version.top_errors.map((error: ReleaseTopError) => ({
        key: error.fingerprint,
        label: (
          <span>
            <Tag>{ERROR_KIND_LABELS[error.kind] ?? error.kind}</Tag>
            {error.message} <Typography.Text type="secondary">×{error.count}</Typography.Text>
          </span>
        ),
        children: (
          <>
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'source', label: '源码位置', children: error.source || '未知' },
                { key: 'first', label: '首次出现', children: formatTime(error.first_seen) },
                { key: 'last', label: '最近出现', children: formatTime(error.last_seen) },
                // The failed calls' latest request ids, newest first: grep the server's and nginx's logs for them.
                ...(error.request_ids?.length
                  ? [
                      {
                        key: 'requests',
                        label: '请求编号',
                        children: (
                          <span aria-label={`请求编号：${error.message}`}>
                            {error.request_ids.map((id) => (
                              <Typography.Text key={id} code copyable style={{ marginRight: 8, wordBreak: 'break-all' }}>
                                {id}
                              </Typography.Text>
                            ))}
                          </span>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            {error.stack ? (
              <pre aria-label={`调用栈：${error.message}`} style={{ fontSize: 12, whiteSpace: 'pre-wrap', background: '#fafafa', padding: 8, margin: 0 }}>
                {error.stack}
              </pre>
            ) : (
              <p>没有调用栈</p>
            )}
          </>
        ),
      }))}
    />
  );
}

/** One remote on the 发布 screen: its rollout, what users see of each version, the top errors, the steps and their history. */
export function RemotePanel({ remote, health, healthLoading, healthError, onPick, children }: RemotePanelProps) {
  const canary = remote.canary;
  return (
    <section aria-label={`模块 ${remote.remote}`} data-testid={`release-${remote.remote}`}>
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'stable', label: '稳定版', children: remote.stable ?? '未发布' },
          {
            key: 'canary',
            label: '灰度版',
            children: canary ? (
              <span>
                {`${canary.version}，${canary.percent}% 的用户`} {canary.paused ? <Tag color="orange">已暂停</Tag> : <Tag color="blue">进行中</Tag>}
              </span>
            ) : (
              '无'
            ),
          },
          { key: 'versions', label: '已发布版本', children: remote.versions.length ? remote.versions.join('、') : '无' },
          // QA users and pins are told once, in their own sections below (with their steps).
        ]}
      />
      <div style={{ marginBottom: 16 }}>
        <ReleaseActionButtons remote={remote} onPick={onPick} />
      </div>
      {children}

      <h3 style={{ fontSize: 16 }}>用户看到的情况（本轮）</h3>
      {healthError && <Alert type="error" role="alert" title={healthError} style={{ marginBottom: 16 }} />}
      {healthLoading && !health && <Spin aria-label="加载中" />}
      {health && !health.versions.length && <Empty description="还没有加载数据" />}
      {health && health.versions.length > 0 && (
        <>
          <RateChart versions={health.versions} />
          <Table
            rowKey="version"
            size="small"
            pagination={false}
            style={{ marginBottom: 16 }}
            dataSource={health.versions}
            columns={[
              { title: '版本', dataIndex: 'version' },
              { title: '角色', dataIndex: 'role', render: (role: string) => ROLE_LABELS[role] ?? role },
              { title: '加载次数', dataIndex: 'loads' },
              { title: '加载失败', key: 'failures', render: (_: unknown, v: ReleaseVersionHealth) => countText(v.failures, v.loads) },
              { title: '错误会话', key: 'errors', render: (_: unknown, v: ReleaseVersionHealth) => countText(v.error_sessions, v.loads) },
              // Field vitals of users' pages: poor views of all measured (LCP > 4 s, INP > 500 ms).
              { title: 'LCP 较差', key: 'lcp', render: (_: unknown, v: ReleaseVersionHealth) => countText(v.vitals.LCP.poor, v.vitals.LCP.views) },
              { title: 'INP 较差', key: 'inp', render: (_: unknown, v: ReleaseVersionHealth) => countText(v.vitals.INP.poor, v.vitals.INP.views) },
            ]}
          />
          <h3 style={{ fontSize: 16 }}>最常见的错误</h3>
          {health.versions.map((version) => (
            <div key={version.version}>
              <h4 style={{ fontSize: 14 }}>{`${version.version}（${ROLE_LABELS[version.role] ?? version.role}）`}</h4>
              <ErrorList version={version} />
            </div>
          ))}
        </>
      )}

      <h3 style={{ fontSize: 16 }}>发布记录</h3>
      <Table
        rowKey={(entry) => `${entry.at}-${entry.action}-${entry.who}-${entry.user ?? ''}`}
        size="small"
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: '没有记录' }}
        dataSource={[...remote.history].reverse()}
        columns={[
          { title: '时间', dataIndex: 'at', render: (at: string) => formatTime(at) },
          { title: '操作者', dataIndex: 'who' },
          { title: '操作', dataIndex: 'action', render: (action: string) => ACTION_LABELS[action] ?? action },
          {
            title: '版本',
            key: 'versions',
            render: (_: unknown, entry: ReleaseRemote['history'][number]) =>
              [entry.from ?? '—', entry.to ?? '—'].join(' → ') + (entry.user ? `（用户 ${entry.user}）` : ''),
          },
          { title: '原因', dataIndex: 'reason', render: (reason?: string) => reason || '—' },
        ]}
      />
    </section>
  );
}
