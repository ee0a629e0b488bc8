import { Form, Input, Modal, Radio } from 'antd';
import { DRAMA_LIMITS, DRAMA_STATUS_LABELS, type DramaSaveRequest } from 'shared-sdk';
import { CoverUpload } from './cover-upload';

export type DramaFormValues = Omit<DramaSaveRequest, 'id'>;

export interface DramaFormDialogProps {
  open: boolean;
  /** Editing an existing series; absent when creating. */
  initial?: DramaFormValues;
  submitting?: boolean;
  /** May answer a promise (the dialog does not wait for it: `submitting` shows the save). */
  onSubmit: (values: DramaFormValues) => void | Promise<void>;
  onCancel: () => void;
}

/** Create or edit a series: title, cover, introduction and its status. */
export function DramaFormDialog({ open, initial, submitting, onSubmit, onCancel }: DramaFormDialogProps) {
  const [form] = Form.useForm<DramaFormValues>();
  return (
    <Modal
      open={open}
      title={initial ? '编辑短剧' : '新建短剧'}
      okText="保存"
      cancelText="取消"
      confirmLoading={submitting}
      destroyOnHidden
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial ?? { title: '', cover_url: '', intro: '', status: 1 }}
        onFinish={(values) => void onSubmit({ ...values, title: values.title.trim(), intro: (values.intro ?? '').trim(), cover_url: values.cover_url ?? '' })}
      >
        <Form.Item
          label="短剧名称"
          name="title"
          rules={[
            {
              validator: async (_, v: string) => {
                const n = [...(v ?? '').trim()].length;
                if (n < 1 || n > DRAMA_LIMITS.titleMax) throw new Error(`请输入1-${DRAMA_LIMITS.titleMax}个字的短剧名称`);
              },
            },
          ]}
        >
          <Input placeholder="请输入短剧名称" maxLength={DRAMA_LIMITS.titleMax} showCount />
        </Form.Item>
        <Form.Item label="封面" name="cover_url">
          <CoverUpload />
        </Form.Item>
        <Form.Item label="简介" name="intro">
          <Input.TextArea rows={4} placeholder="一句话介绍剧情" maxLength={DRAMA_LIMITS.introMax} showCount />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={Object.entries(DRAMA_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
