import type { ReactNode } from 'react';
import {
  AuditOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  MessageOutlined,
  ReadOutlined,
  RocketOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { OperatorPermission } from 'shared-sdk/contract';
import { AccountPage } from '../pages/account-page';
import { AppealsPage } from '../pages/appeals-page';
import { AuditPage } from '../pages/audit-page';
import { ReleasesPage } from '../features/releases/releases-page';
import { HomePage } from '../pages/home-page';
import { NewspaperPage } from '../pages/newspaper-page';
import { OperatorsPage } from '../pages/operators-page';
import { ReviewPage } from '../pages/review-page';
import { StoragePage } from '../pages/storage-page';
import { TasksPage } from '../pages/tasks-page';
import { UsersPage } from '../pages/users-page';

/** One screen of the console: its address under /console, its menu entry, and who may open it. */
export interface ConsoleScreen {
  /** Relative to /console ('' is the home page). */
  path: string;
  label: string;
  icon: ReactNode;
  /** The permission the screen's reads need (the server checks every call anyway). */
  permission: OperatorPermission;
  element: ReactNode;
}

/** The console's screens, in menu order: the routes are the menu. */
export const SCREENS: readonly ConsoleScreen[] = [
  { path: '', label: '首页', icon: <DashboardOutlined />, permission: 'read', element: <HomePage /> },
  { path: 'review', label: '审核', icon: <FileSearchOutlined />, permission: 'read', element: <ReviewPage /> },
  { path: 'appeals', label: '申诉', icon: <MessageOutlined />, permission: 'read', element: <AppealsPage /> },
  { path: 'users', label: '用户', icon: <UserOutlined />, permission: 'read', element: <UsersPage /> },
  { path: 'newspaper', label: '报纸', icon: <ReadOutlined />, permission: 'read', element: <NewspaperPage /> },
  { path: 'audit', label: '操作记录', icon: <AuditOutlined />, permission: 'read', element: <AuditPage /> },
  { path: 'tasks', label: '运维', icon: <ToolOutlined />, permission: 'read', element: <TasksPage /> },
  { path: 'releases', label: '发布', icon: <RocketOutlined />, permission: 'release', element: <ReleasesPage /> },
  { path: 'storage', label: '存储', icon: <CloudServerOutlined />, permission: 'admin', element: <StoragePage /> },
  { path: 'operators', label: '操作员', icon: <TeamOutlined />, permission: 'admin', element: <OperatorsPage /> },
  { path: 'account', label: '我的账号', icon: <IdcardOutlined />, permission: 'self', element: <AccountPage /> },
];

/** /console/<path>. */
export const consolePath = (path: string) => (path ? `/console/${path}` : '/console');
