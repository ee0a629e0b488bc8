import { Card } from 'antd';
import { MaterialAddForm } from '../features/add/components/material-add-form';

export function MaterialAddPage() {
  return (
    <Card variant="borderless">
      <MaterialAddForm />
    </Card>
  );
}
