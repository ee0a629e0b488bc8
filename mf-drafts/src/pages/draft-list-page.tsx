import { Card } from 'antd';
import { DraftList } from '../features/drafts/components/draft-list';

export function DraftListPage() {
  return (
    <Card title="草稿箱" variant="borderless">
      <DraftList />
    </Card>
  );
}
