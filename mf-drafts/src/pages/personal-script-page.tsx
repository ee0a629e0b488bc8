import { Card } from 'antd';
import { ManuscriptLibrary } from '../features/manuscripts/components/manuscript-library';

export function PersonalScriptPage() {
  return (
    <Card title="稿件库" variant="borderless">
      <ManuscriptLibrary />
    </Card>
  );
}
