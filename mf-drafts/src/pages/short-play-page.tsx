import { useState } from 'react';
import { Alert, App, Button, Card, Pagination, Result, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'shared-sdk/router';
import { useListDramasQuery, useSaveDramaMutation } from '../features/short-play/api';
import { DramaFormDialog } from '../features/short-play/components/drama-form-dialog';
import { DramaGrid } from '../features/short-play/components/drama-grid';
import { failureText } from 'shared-sdk';
import { lacksAuthority } from '../features/short-play/failure';

const SIZE = 20;

/** /shortPlay: my series; 新建短剧 creates one. The server refuses all of it without the authority. */
export function ShortPlayPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const { data, error, isLoading } = useListDramasQuery({ page, size: SIZE });
  const [save, { isLoading: saving }] = useSaveDramaMutation();

  if (lacksAuthority(error)) return <Result status="403" title="未开通短剧权限" subTitle="如需发布短剧，请联系平台运营开通。" />;

  return (
    <Card
      title="短剧"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建短剧
        </Button>
      }
    >
      {error && failureText(error) ? <Alert type="error" title={failureText(error)} style={{ marginBottom: 16 }} /> : null}
      {isLoading ? <Spin /> : <DramaGrid dramas={data?.list ?? []} onOpen={(drama) => navigate(`/shortPlay/detail?id=${drama.id}`)} />}
      {data && data.total > SIZE ? (
        <Pagination
          style={{ marginTop: 16, textAlign: 'right' }}
          current={page}
          pageSize={SIZE}
          total={data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
      <DramaFormDialog
        open={creating}
        submitting={saving}
        onCancel={() => setCreating(false)}
        onSubmit={async (values) => {
          const result = await save(values);
          if ('error' in result) void message.error(failureText(result.error) ?? '保存失败');
          else {
            void message.success('短剧已创建');
            setCreating(false);
            setPage(1);
          }
        }}
      />
    </Card>
  );
}
