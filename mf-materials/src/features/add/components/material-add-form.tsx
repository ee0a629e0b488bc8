import { useState } from 'react';
import { App, Breadcrumb, Button, Form, Input, Space } from 'antd';
import { LIMITS } from 'shared-sdk';
import { useNavigate } from 'shared-sdk/router';
import { charCount, charLimit, fieldRule, materialDescribeProblem, materialFilesProblem, materialTitleProblem } from 'shared-sdk/rules';
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
    // The server's rule of the pictures (shared-sdk/rules); one still uploading counts as none yet.
    const problem = materialFilesProblem(items.some((it) => it.status === 'uploading') ? [] : urls);
    if (problem) return void message.error(problem);
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
        <Form.Item label="素材名称" name="title" required rules={[fieldRule(materialTitleProblem)]}>
          <Input count={charLimit(LIMITS.MATERIAL_TITLE_MAX)} placeholder="请输入素材名称" />
        </Form.Item>
        <Form.Item
          label="素材描述"
          name="describe"
          required
          rules={[
            // Only the emptiness refuses here: above the limit, docs/product.md §5 wants a warning and the server's refusal.
            fieldRule((text) => (text.trim() ? null : materialDescribeProblem(text))),
            {
              validator: (_, text?: string) =>
                charCount(text ?? '') > LIMITS.MATERIAL_DESCRIBE_MAX ? Promise.reject(new Error('素材描述超出长度限制')) : Promise.resolve(),
              warningOnly: true,
            },
          ]}
        >
          <Input.TextArea rows={5} count={charLimit()} placeholder="请输入素材描述" />
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
