import { Card } from 'antd';
import { useParams } from 'shared-sdk/router';
import { MaterialLibrary } from '../features/library/components/material-library';
import { LIBRARY_TITLES, libraryScope } from '../features/library/library-scope';

export function MaterialListPage() {
  const { myset } = useParams();
  const scope = libraryScope(myset);
  return (
    <Card title={LIBRARY_TITLES[scope]} variant="borderless">
      {/* A new key per scope: the two libraries never share filter state. */}
      <MaterialLibrary key={scope} scope={scope} />
    </Card>
  );
}
