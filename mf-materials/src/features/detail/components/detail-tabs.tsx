import { Table, Tabs } from 'antd';
import { CONTENT_TYPE_OPTIONS, type MaterialLog, type MaterialUsage } from 'shared-sdk';
import { logLabel } from '../../../lib/log-labels';

const typeLabel = (type: number): string => CONTENT_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? '';

export function DetailTabs({ usages, logs }: { usages: MaterialUsage[]; logs: MaterialLog[] }) {
  return (
    <Tabs
      items={[
        {
          key: 'usage',
          label: '使用稿件',
          children: (
            <Table<MaterialUsage>
              rowKey={(row, i) => `${row.nm_create_time}-${i}`}
              dataSource={usages}
              pagination={false}
              locale={{ emptyText: '暂无内容' }}
              columns={[
                { title: '稿件标题', dataIndex: 'nm_title' },
                { title: '稿件类型', dataIndex: 'nm_type', render: (type: number) => typeLabel(type) },
                { title: '作者', dataIndex: 'phone' },
                { title: '操作时间', dataIndex: 'nm_create_time' },
              ]}
            />
          ),
        },
        {
          key: 'logs',
          label: '操作记录',
          children: (
            <Table<MaterialLog>
              rowKey={(row, i) => `${row.cml_create_time}-${i}`}
              dataSource={logs}
              pagination={false}
              locale={{ emptyText: '暂无内容' }}
              columns={[
                { title: '时间', dataIndex: 'cml_create_time' },
                { title: '操作人', dataIndex: 'phone' },
                { title: '操作', dataIndex: 'cml_behavior', render: (code: number) => logLabel(code) },
                // An operator's rejection carries its reason.
                { title: '说明', dataIndex: 'cml_note', render: (note?: string) => note || '—' },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
