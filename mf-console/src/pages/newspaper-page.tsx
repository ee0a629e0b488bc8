import { useState } from 'react';
import { Card, Table, Typography } from 'antd';
import type { NewspaperImport } from 'shared-sdk/contract';
import { formatTime } from '../lib/age';
import { useCan } from '../lib/operator-context';
import { importIssue, newspaperApi, useNewspaperImportsQuery } from '../features/newspaper/api';
import { ImportForm } from '../features/newspaper/import-form';
import { useDispatch } from 'react-redux';
import { LoadFailure } from '../components/load-failure';

const SIZE = 20;

/** 报纸: import an issue's PDF, and what is imported, newest day first. */
export function NewspaperPage() {
  const canImport = useCan('moderate');
  const [page, setPage] = useState(1);
  const imports = useNewspaperImportsQuery({ page, size: SIZE });
  const dispatch = useDispatch();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        报纸
      </Typography.Title>
      {canImport && (
        <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>导入一期报纸</h2>} style={{ marginBottom: 24 }}>
          <ImportForm importIssue={importIssue} onImported={() => dispatch(newspaperApi.util.invalidateTags(['NewspaperImport', 'Audit']))} />
        </Card>
      )}
      <LoadFailure query={imports} />
      <Table<NewspaperImport>
        rowKey={(row) => `${row.type}-${row.date}`}
        size="small"
        loading={imports.isFetching}
        dataSource={imports.data?.list ?? []}
        locale={{ emptyText: '还没有导入的报纸' }}
        pagination={{ current: page, pageSize: SIZE, total: imports.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: '报纸', dataIndex: 'paper' },
          { title: '日期', dataIndex: 'date' },
          { title: '版数', dataIndex: 'pages' },
          { title: '导入时间', dataIndex: 'imported_at', render: (at: string) => formatTime(at) },
        ]}
      />
    </>
  );
}
