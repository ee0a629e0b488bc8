import { forwardRef, useImperativeHandle, useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Form, List, Modal, Typography } from 'antd';
import { EDITOR_LIMITS, type EditorDocument } from 'shared-sdk/contract';
import { SortableList } from '../../../components/sortable-list';
import { PlainTextField, TitleField } from '../../../components/text-fields';
import { useField } from '../../../hooks/use-field';
import { htmlToPlainText, textToHtml } from '../../../lib/documents';
import { issueOf, type DocFormHandle, type DocFormProps } from '../../../types/doc-form';
import { ImageSlots } from '../../../components/materials/image-slots';
import { useMyPublished } from '../hooks/use-my-published';

/** /videoWrite?isPack=1: a collection of my own published works, in the order I drag them into. */
export const CollectionForm = forwardRef<DocFormHandle, DocFormProps>(function CollectionForm({ initialDoc, onChange, issues }, ref) {
  const [title, setTitle] = useField(initialDoc.title, onChange);
  const [covers, setCovers] = useField<string[]>(initialDoc.covers, onChange);
  const [description, setDescription] = useField(htmlToPlainText(initialDoc.content), onChange);
  const [itemIds, setItemIds] = useField<number[]>(initialDoc.item_ids, onChange);
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<number[]>([]);
  const { works, loading, error } = useMyPublished();
  const byId = new Map(works.map((work) => [work.id, work]));

  useImperativeHandle(
    ref,
    () => ({
      getDoc: (): EditorDocument => ({ ...initialDoc, title, covers: covers.slice(0, 1), cover_mode: 1, content: textToHtml(description), item_ids: itemIds }),
    }),
    [initialDoc, title, covers, description, itemIds],
  );

  const candidates = works.filter((work) => !itemIds.includes(work.id));
  return (
    <Form layout="vertical">
      <TitleField value={title} onChange={setTitle} issues={issues} />
      <Form.Item label="封面" validateStatus={issueOf(issues, 'covers') ? 'error' : undefined} help={issueOf(issues, 'covers')}>
        <ImageSlots label="封面" urls={covers} count={1} onChange={setCovers} />
      </Form.Item>
      <PlainTextField
        label="简介"
        placeholder="介绍一下这个合集"
        max={EDITOR_LIMITS.DESCRIPTION_MAX}
        value={description}
        onChange={setDescription}
        help={issueOf(issues, 'content')}
      />
      <Form.Item
        label={`合集作品（${itemIds.length}，至少${EDITOR_LIMITS.COLLECTION_MIN}个）`}
        validateStatus={issueOf(issues, 'item_ids') ? 'error' : undefined}
        help={issueOf(issues, 'item_ids')}
      >
        <SortableList
          label="合集作品"
          items={itemIds}
          idOf={(id) => String(id)}
          onReorder={setItemIds}
          render={(id, index) => {
            const work = byId.get(id);
            return (
              <div style={{ display: 'flex', alignItems: 'center', gap: 12, flex: 1, padding: 8, border: '1px solid #f0f0f0', borderRadius: 6 }}>
                <Typography.Text type="secondary">{index + 1}</Typography.Text>
                <Typography.Text style={{ flex: 1 }}>
                  {work ? `${work.title}（${work.typeLabel}）` : loading ? `作品 ${id}` : `作品 ${id}（已不可用）`}
                </Typography.Text>
                <Button
                  type="text"
                  danger
                  aria-label={`移除第${index + 1}个作品`}
                  icon={<DeleteOutlined />}
                  onClick={() => setItemIds(itemIds.filter((other) => other !== id))}
                />
              </div>
            );
          }}
        />
        <Button icon={<PlusOutlined />} style={{ marginTop: 12 }} onClick={() => setAdding(true)}>
          添加作品
        </Button>
      </Form.Item>
      <Modal
        open={adding}
        title="添加我发布的作品"
        okText="添加"
        okButtonProps={{ disabled: chosen.length === 0 }}
        onCancel={() => (setAdding(false), setChosen([]))}
        onOk={() => {
          setItemIds([...itemIds, ...chosen].slice(0, EDITOR_LIMITS.COLLECTION_MAX));
          setAdding(false);
          setChosen([]);
        }}
      >
        {candidates.length === 0 ? (
          <Empty description={loading ? '加载中' : error ? `作品加载失败：${error}` : '暂无可添加的已发布作品'} />
        ) : (
          <List
            dataSource={candidates}
            renderItem={(work) => (
              <List.Item>
                <Checkbox
                  checked={chosen.includes(work.id)}
                  onChange={(event) => setChosen(event.target.checked ? [...chosen, work.id] : chosen.filter((id) => id !== work.id))}
                >
                  {work.title}（{work.typeLabel}）
                </Checkbox>
              </List.Item>
            )}
          />
        )}
      </Modal>
    </Form>
  );
});
