import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BankOutlined,
  FileTextOutlined,
  GiftOutlined,
  HomeOutlined,
  PictureOutlined,
  QuestionCircleOutlined,
  ShopOutlined,
  ToolOutlined,
  TrophyOutlined,
} from '@ant-design/icons';

/** Placed as antd's Menu places an entry's icon; decoration, so the entry is named by its text alone. */
const ICON = { className: 'ant-menu-item-icon', 'aria-hidden': true } as const;

const ICONS: Readonly<Record<string, ReactNode>> = {
  home: <HomeOutlined {...ICON} />,
  file: <FileTextOutlined {...ICON} />,
  picture: <PictureOutlined {...ICON} />,
  trophy: <TrophyOutlined {...ICON} />,
  gift: <GiftOutlined {...ICON} />,
  bank: <BankOutlined {...ICON} />,
  shop: <ShopOutlined {...ICON} />,
  question: <QuestionCircleOutlined {...ICON} />,
  tool: <ToolOutlined {...ICON} />,
};

/** ap_icon names → icons; an unknown name gets a neutral icon, an empty one none. */
export function menuIcon(name: string): ReactNode {
  if (!name) return undefined;
  return ICONS[name] ?? <AppstoreOutlined {...ICON} />;
}
