import { useMemo } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'shared-sdk/router';
import { LIMITS } from 'shared-sdk';
import { useDramaAuthQuery, useToolListQuery } from '../features/shell/api';
import { AppHeader } from './app-header';
import { sidebarMenu } from './menu-data';
import { SideMenu, type SideMenuProps } from './side-menu';

/** Header (60 px) and sidebar (220 px) around the screens that use the shared layout. */
export function ShellLayout(props: SideMenuProps) {
  const { data: auth } = useDramaAuthQuery(undefined);
  const { data: tools } = useToolListQuery(undefined);
  const shortDrama = auth?.check === true;
  const toolCodes = useMemo(() => (tools ?? []).map((tool) => tool.code), [tools]);
  const entries = useMemo(() => sidebarMenu(props.entries, { shortDrama, tools: toolCodes }), [props.entries, shortDrama, toolCodes]);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader onPreload={props.onPreload} />
      <Layout>
        <Layout.Sider width={LIMITS.SIDEBAR_WIDTH} theme="light" style={{ borderRight: '1px solid #f0f0f0' }}>
          <SideMenu {...props} entries={entries} />
        </Layout.Sider>
        <Layout.Content style={{ padding: 24, overflow: 'auto' }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
