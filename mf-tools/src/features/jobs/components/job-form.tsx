import { App, Button, Form, Input, InputNumber, Space } from 'antd';
import { JOB_LIMITS as L, JOB_MESSAGES as M, type JobSaveRequest, checkJob } from 'shared-sdk';

export type JobFormValues = Omit<JobSaveRequest, 'id'>;

export interface JobFormProps {
  initial?: JobFormValues;
  submitting?: boolean;
  /** May answer a promise (the form does not wait for it: `submitting` shows the call). */
  onSubmit: (values: JobFormValues) => void | Promise<void>;
  onCancel: () => void;
}

const chars = (value: string | undefined) => [...(value ?? '').trim()].length;
const lengthRule = (min: number, max: number, message: string) => ({
  validator: async (_: unknown, value: string) => {
    if (chars(value) < min || chars(value) > max) throw new Error(message);
  },
});
const intRule = (min: number, max: number, message: string) => ({
  validator: async (_: unknown, value: number | null) => {
    if (value === null || value === undefined || !Number.isInteger(value) || value < min || value > max) throw new Error(message);
  },
});

/** The job form; the contract's checkJob runs again on submit, as on the server. */
export function JobForm({ initial, submitting, onSubmit, onCancel }: JobFormProps) {
  const [form] = Form.useForm<JobFormValues>();
  const { message } = App.useApp();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={initial ?? { headcount: 1 }}
      onFinish={(values) => {
        const problem = checkJob(values);
        if (problem) void message.error(problem);
        else void onSubmit(values);
      }}
    >
      <Form.Item label="职位名称" required name="title" rules={[lengthRule(L.titleMin, L.titleMax, M.TITLE)]}>
        <Input placeholder="如：短视频编导" maxLength={L.titleMax} showCount />
      </Form.Item>
      <Form.Item label="月薪范围（元）" required>
        <Space.Compact>
          <Form.Item name="salary_min" noStyle rules={[intRule(L.salaryMin, L.salaryMax, M.SALARY)]}>
            <InputNumber placeholder="最低" min={L.salaryMin} max={L.salaryMax} precision={0} style={{ width: 160 }} aria-label="最低月薪" />
          </Form.Item>
          <Form.Item
            name="salary_max"
            noStyle
            dependencies={['salary_min']}
            rules={[
              intRule(L.salaryMin, L.salaryMax, M.SALARY),
              ({ getFieldValue }) => ({
                validator: async (_: unknown, value: number | null) => {
                  const min = getFieldValue('salary_min') as number | null;
                  if (typeof min === 'number' && typeof value === 'number' && min > value) throw new Error(M.SALARY_ORDER);
                },
              }),
            ]}
          >
            <InputNumber placeholder="最高" min={L.salaryMin} max={L.salaryMax} precision={0} style={{ width: 160 }} aria-label="最高月薪" />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item label="工作城市" required name="city" rules={[lengthRule(1, L.cityMax, M.CITY)]}>
        <Input placeholder="如：郑州" maxLength={L.cityMax} />
      </Form.Item>
      <Form.Item label="招聘人数" required name="headcount" rules={[intRule(1, L.headcountMax, M.HEADCOUNT)]}>
        <InputNumber min={1} max={L.headcountMax} precision={0} suffix="人" aria-label="招聘人数" />
      </Form.Item>
      <Form.Item label="职位描述" required name="description" rules={[lengthRule(L.descriptionMin, L.descriptionMax, M.DESCRIPTION)]}>
        <Input.TextArea rows={6} placeholder="岗位职责、任职要求、福利待遇等" maxLength={L.descriptionMax} showCount />
      </Form.Item>
      <Form.Item label="联系人" required name="contact_name" rules={[lengthRule(1, L.contactNameMax, M.CONTACT_NAME)]}>
        <Input maxLength={L.contactNameMax} placeholder="请输入联系人" />
      </Form.Item>
      <Form.Item
        label="联系电话"
        required
        name="contact_phone"
        rules={[
          {
            validator: async (_: unknown, v: string) => {
              if (!/^1[3-9]\d{9}$/.test((v ?? '').trim()) && !/^0\d{2,3}-?\d{7,8}$/.test((v ?? '').trim())) throw new Error(M.CONTACT_PHONE);
            },
          },
        ]}
      >
        <Input maxLength={20} placeholder="手机号或带区号的座机号" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={submitting}>
          保存
        </Button>
        <Button onClick={onCancel}>取消</Button>
      </Space>
    </Form>
  );
}
