import { Typography } from 'antd';
import { failureText } from '../api/endpoint';
import { StorageReportView } from '../features/storage/storage-report';
import { useLazyStorageReportQuery } from '../features/tasks/api';

/** 存储 (admins): the storage report, made when asked. */
export function StoragePage() {
  const [run, report] = useLazyStorageReportQuery();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        存储
      </Typography.Title>
      <StorageReportView
        report={report.data}
        loading={report.isFetching}
        error={report.isError ? failureText(report.error) : ''}
        onRun={(top) => void run({ top })}
      />
    </>
  );
}
