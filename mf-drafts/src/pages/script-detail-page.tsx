import { Card } from 'antd';
import { useSearchParams } from 'shared-sdk/router';
import { intParam } from '../lib/search-params';
import { DraftDetail } from '../features/drafts/components/draft-detail';

export function ScriptDetailPage() {
  const [params] = useSearchParams();
  const draftId = intParam(params, 'draftId', 0);
  return (
    <Card title="草稿详情" variant="borderless">
      <DraftDetail draftId={draftId > 0 ? draftId : null} />
    </Card>
  );
}
