import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, InputNumber, Space, Typography } from 'antd';
import { failureText } from '../api/endpoint';
import { downloadAuditCsv, useAuditListQuery } from '../api/audit';
import { auditFilter, type AuditFilterFields } from '../features/audit/audit-filter';
import { AuditTable } from '../features/audit/audit-table';
import { LoadFailure } from '../components/load-failure';

const SIZE = 50;

/** 操作记录: the audit trail, newest first, filtered; 导出 CSV gives every matching row. */
export function AuditPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<AuditFilterFields>();
  const [filter, setFilter] = useState(auditFilter({}));
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const list = useAuditListQuery({ ...filter, page, size: SIZE });

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditCsv(auditFilter(form.getFieldsValue()));
    } catch (failure) {
      void message.error(failureText(failure));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 22 }}>
        操作记录
      </Typography.Title>
      <Form
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(fields) => {
          setFilter(auditFilter(fields));
          setPage(1);
        }}
      >
        <Form.Item label="操作员编号" name="operator_id">
          <InputNumber min={1} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item label="操作" name="action">
          <Input placeholder="如 material.reject" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item label="对象类型" name="target_type">
          <Input placeholder="如 material" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item label="对象编号" name="target_id">
          <Input style={{ width: 110 }} />
        </Form.Item>
        <Form.Item label="日期" name="range">
          <DatePicker.RangePicker aria-label="日期范围" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button onClick={() => void exportCsv()} loading={exporting}>
            导出 CSV
          </Button>
        </Space>
      </Form>
      <LoadFailure query={list} />
      <AuditTable rows={list.data?.list ?? []} total={list.data?.total ?? 0} page={page} size={SIZE} loading={list.isFetching} onPage={setPage} />
    </>
  );
}
