import { Card } from 'antd';
import { useSearchParams } from 'shared-sdk/router';
import { MaterialDetailView } from '../features/detail/components/material-detail-view';

export function MaterialDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('materialId'));
  return (
    <Card variant="borderless">
      <MaterialDetailView id={Number.isInteger(id) && id > 0 ? id : 0} />
    </Card>
  );
}
