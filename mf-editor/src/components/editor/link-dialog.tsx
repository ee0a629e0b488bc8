import { Form, Input, Modal } from 'antd';
import type { LinkKind } from './toolbar-actions';

interface Props {
  kind: LinkKind | null;
  onSubmit: (text: string, href: string) => void;
  onCancel: () => void;
}

const PHONE = /^\+?[\d-]{3,20}$/;

/** 插入链接 (http/https) or 电话链接 (a tel: link readers can tap to call). */
export function LinkDialog({ kind, onSubmit, onCancel }: Props) {
  const [form] = Form.useForm<{ text: string; target: string }>();
  const tel = kind === 'tel';
  const submit = () => {
    form.validateFields().then(
      ({ text, target }) => {
        onSubmit(text?.trim() ?? '', tel ? `tel:${target.trim()}` : target.trim());
        form.resetFields();
      },
      // Invalid fields: the form shows what is wrong under each, and the dialog stays open.
      () => undefined,
    );
  };
  return (
    <Modal open={kind !== null} title={tel ? '电话链接' : '插入链接'} onOk={submit} onCancel={() => (form.resetFields(), onCancel())} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="text" label="显示文字">
          <Input placeholder="不填则显示链接本身" maxLength={100} />
        </Form.Item>
        {tel ? (
          <Form.Item
            name="target"
            label="电话号码"
            rules={[
              { required: true, message: '请输入电话号码' },
              { pattern: PHONE, message: '请输入正确的电话号码' },
            ]}
          >
            <Input placeholder="例如 0371-12345678" />
          </Form.Item>
        ) : (
          <Form.Item
            name="target"
            label="链接地址"
            rules={[
              { required: true, message: '请输入链接地址' },
              { pattern: /^https?:\/\/\S+$/i, message: '请输入以 http:// 或 https:// 开头的地址' },
            ]}
          >
            <Input placeholder="https://" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
