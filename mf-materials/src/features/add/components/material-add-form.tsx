import { useState } from 'react';
import { App, Breadcrumb, Button, Form, Input, Space } from 'antd';
import { LIMITS } from 'shared-sdk';
import { useNavigate } from 'shared-sdk/router';
import { useSaveMaterialMutation } from '../../../api/material-api';
import { saveFailureText } from '../save-failure';
import { ImageUpload, type UploadItem } from './image-upload';
import { TagSelect } from './tag-select';

interface AddValues {
  title: string;
  describe: string;
  labels: number[];
}

export function MaterialAddForm() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<AddValues>();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [save, { isLoading }] = useSaveMaterialMutation();
  const backToList = () => navigate('/material/0');

  const submit = async (values: AddValues) => {
    const urls = items.filter((it) => it.status === 'done' && it.url).map((it) => it.url ?? '');
    if (!urls.length || items.some((it) => it.status === 'uploading')) return void message.error('请上传图片素材');
    try {
      await save({
        files: urls.join(','),
        covers: urls.join('|'),
        title: values.title.trim(),
        labels: (values.labels ?? []).join(','),
        describe: values.describe.trim(),
      }).unwrap();
      void message.success('添加素材成功');
      backToList();
    } catch (error) {
      void message.error(saveFailureText(error));
    }
  };

  return (
    <div>
      <Breadcrumb items={[{ title: <a href="/material/0">素材库</a> }, { title: '添加素材' }]} style={{ marginBottom: 16 }} />
      <Form<AddValues> form={form} layout="vertical" style={{ maxWidth: 720 }} onFinish={(values) => void submit(values)} initialValues={{ labels: [] }}>
        <Form.Item label="上传图片" required>
          <ImageUpload items={items} onChange={setItems} />
        </Form.Item>
        <Form.Item label="素材名称" name="title" rules={[{ required: true, whitespace: true, message: '素材名称不能为空' }]}>
          <Input maxLength={LIMITS.MATERIAL_TITLE_MAX} showCount placeholder="请输入素材名称" />
        </Form.Item>
        <Form.Item
          label="素材描述"
          name="describe"
          rules={[
            { required: true, whitespace: true, message: '素材描述不能为空' },
            // docs/product.md §5: the message shows, submission continues; the server refuses what is over 400.
            { max: LIMITS.MATERIAL_DESCRIBE_MAX, message: '素材描述超出长度限制', warningOnly: true },
          ]}
        >
          <Input.TextArea rows={5} showCount placeholder="请输入素材描述" />
        </Form.Item>
        <Form.Item label="标签" name="labels">
          <TagSelect />
        </Form.Item>
        <Space>
          <Button onClick={backToList}>取消</Button>
          <Button type="primary" htmlType="submit" loading={isLoading}>
            提交
          </Button>
        </Space>
      </Form>
    </div>
  );
}
