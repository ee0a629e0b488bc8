import { Checkbox, DatePicker, Form, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { UserBanRequest } from 'shared-sdk/contract';

/** The ban dialog's own fields (the reason is the dialog's). */
export interface BanFields {
  ban_type: 1 | 2;
  range?: string[];
  ends_at?: Dayjs | null;
}

/** The dialog's values as the ban call takes them; type 2 has no range, an empty end means until lifted. */
export function banRequest(id: number, fields: BanFields, reason: string): UserBanRequest {
  return {
    id,
    ban_type: fields.ban_type,
    range: fields.ban_type === 1 ? [...(fields.range ?? [])].sort().join(',') : '',
    reason,
    ...(fields.ends_at ? { ends_at: fields.ends_at.toISOString() } : {}),
  };
}

/** Type (禁止创作 with its range, or 禁止登录) and an optional end. */
export function BanFieldsItems() {
  return (
    <>
      <Form.Item label="封禁类型" name="ban_type" initialValue={1} rules={[{ required: true }]}>
        <Radio.Group
          options={[
            { label: '禁止创作', value: 1 },
            { label: '禁止登录', value: 2 },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['ban_type']}>
        {({ getFieldValue }) =>
          getFieldValue('ban_type') === 1 && (
            <Form.Item
              label="封禁范围"
              name="range"
              initialValue={['1']}
              rules={[{ validator: async (_rule, value?: string[]) => (value?.length ? undefined : Promise.reject(new Error('请选择封禁范围'))) }]}
            >
              <Checkbox.Group
                options={[
                  { label: '文章、视频、图集、合集', value: '1' },
                  { label: '动态', value: '3' },
                ]}
              />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item
        label="结束时间（不填则直到解除）"
        name="ends_at"
        rules={[
          {
            validator: async (_rule, value?: Dayjs | null) => (value && value.isBefore(dayjs()) ? Promise.reject(new Error('结束时间须晚于现在')) : undefined),
          },
        ]}
      >
        <DatePicker showTime aria-label="结束时间" />
      </Form.Item>
    </>
  );
}
