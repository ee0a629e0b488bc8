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

const ICONS: Readonly<Record<string, ReactNode>> = {
  home: <HomeOutlined />,
  file: <FileTextOutlined />,
  picture: <PictureOutlined />,
  trophy: <TrophyOutlined />,
  gift: <GiftOutlined />,
  bank: <BankOutlined />,
  shop: <ShopOutlined />,
  question: <QuestionCircleOutlined />,
  tool: <ToolOutlined />,
};

/** ap_icon names → icons; an unknown name gets a neutral icon, an empty one none. */
export function menuIcon(name: string): ReactNode {
  if (!name) return undefined;
  return ICONS[name] ?? <AppstoreOutlined />;
}
