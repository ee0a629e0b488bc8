import { Card } from 'antd';
import { matchPath, useLocation } from 'shared-sdk/router';
import { MaterialLibrary } from '../features/library/components/material-library';
import { LIBRARY_TITLES, libraryScope } from '../features/library/library-scope';

export function MaterialListPage() {
  // By the address rather than the route's parameter: the host serves /material/0 and /material/1 as
  // routes of their own (each declares its first call, expose/routes.ts) and only the rest as :myset.
  const { pathname } = useLocation();
  const scope = libraryScope(matchPath('/material/:myset', pathname)?.params.myset);
  return (
    <Card title={LIBRARY_TITLES[scope]} variant="borderless">
      {/* A new key per scope: the two libraries never share filter state. */}
      <MaterialLibrary key={scope} scope={scope} />
    </Card>
  );
}
