import { Form, Input, Modal, Radio } from 'antd';
import { DRAMA_LIMITS, DRAMA_STATUS_LABELS, type DramaSaveRequest } from 'shared-sdk';
import { charLimit, dramaIntroProblem, dramaTitleProblem, fieldRule } from 'shared-sdk/rules';
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
        <Form.Item label="短剧名称" name="title" rules={[fieldRule(dramaTitleProblem)]}>
          <Input placeholder="请输入短剧名称" count={charLimit(DRAMA_LIMITS.titleMax)} />
        </Form.Item>
        <Form.Item label="封面" name="cover_url">
          <CoverUpload />
        </Form.Item>
        <Form.Item label="简介" name="intro" rules={[fieldRule(dramaIntroProblem)]}>
          <Input.TextArea rows={4} placeholder="一句话介绍剧情" count={charLimit(DRAMA_LIMITS.introMax)} />
        </Form.Item>
        <Form.Item label="状态" name="status">
          <Radio.Group options={Object.entries(DRAMA_STATUS_LABELS).map(([value, label]) => ({ value: Number(value), label }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
