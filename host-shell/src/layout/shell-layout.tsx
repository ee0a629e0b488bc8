import { memo, useEffect, useMemo, useState } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'shared-sdk/router';
import { LIMITS, sidebarEntries, type MenuRoute } from 'shared-sdk';
import { useDramaAuthQuery, useToolListQuery } from '../features/shell/api';
import { AppHeader } from './app-header';
import { SHORT_DRAMA_WAIT_MS } from './sidebar-rules';
import { SideMenu, type SideMenuProps } from './side-menu';

export interface ShellLayoutProps extends Omit<SideMenuProps, 'entries'> {
  /** The routes the host loaded, its own and the released remotes': the sidebar is built from them. */
  routes: readonly MenuRoute[];
}

// The header reads none of the layout's queries, and the sidebar only the entries they make: memoized,
// neither renders again when the layout does (each answer the layout waits for arrives in the store's
// batch, a synchronous render of everything below the component that reads it).
const Header = memo(AppHeader);
const Sidebar = memo(SideMenu);

/** True once `known`, or once `ms` have passed since the first render, whichever comes first. */
function useKnownOrLate(known: boolean, ms: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (known) return;
    const timer = setTimeout(() => setLate(true), ms);
    return () => clearTimeout(timer);
  }, [known, ms]);
  return known || late;
}

/**
 * Header (60 px) and sidebar (220 px) around the screens that use the shared layout. The sidebar's
 * entries draw once the short-drama rule is known (or SHORT_DRAMA_WAIT_MS have passed), so 短剧
 * does not appear above entries the creator is already pointing at.
 */
export function ShellLayout({ routes, ...props }: ShellLayoutProps) {
  // Only what the layout reads: a query's other changes (pending, fetching) do not render it again.
  const { known, shortDrama } = useDramaAuthQuery(undefined, {
    selectFromResult: ({ data, isSuccess, isError }) => ({ known: isSuccess || isError, shortDrama: data?.check === true }),
  });
  const ready = useKnownOrLate(known, SHORT_DRAMA_WAIT_MS);
  const { tools } = useToolListQuery(undefined, { selectFromResult: ({ data }) => ({ tools: data }) });
  const toolCodes = useMemo(() => (tools ?? []).map((tool) => tool.code), [tools]);
  const entries = useMemo(() => sidebarEntries(routes, { shortDrama, tools: toolCodes }), [routes, shortDrama, toolCodes]);
  // The sidebar is drawn in the store's synchronous render, so it is kept cheap to draw (side-menu.tsx:
  // plain elements, not antd's Menu). Not deferred: through useDeferredValue it shared React's
  // transition render with a remote screen's first render, and Lighthouse measured that screen later and
  // blocked longer (bench/RESULTS.md, 2026-12-02).
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Header onPreload={props.onPreload} />
      <Layout>
        <Layout.Sider width={LIMITS.SIDEBAR_WIDTH} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
          {ready && <Sidebar {...props} entries={entries} />}
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, overflow: 'auto' }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
