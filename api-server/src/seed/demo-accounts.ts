/**
 * The demo accounts seeded on first start, one per state the shell must handle. The start script
 * prints phone, password and description; the rest is what the seed writes.
 */
import { IDENTITY } from 'shared-sdk/contract';

export const DEMO_PASSWORD = 'demo1234';

/** A tiny badge image inline, so the demo needs no file server. */
const BADGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="15" fill="#f5a623"/><text x="16" y="21" font-size="14" text-anchor="middle" fill="#fff">V</text></svg>',
)}`;

export interface DemoAccount {
  phone: string;
  password: string;
  description: string;
  nickname: string;
  identities: string[];
  certType?: number;
  tools?: string[];
  shortDramaAuth?: boolean;
  badgeCoverUrl?: string;
  enterprise?: { status: number; certAuditStatus: number };
  creatorScore?: number;
  ban?: { type: 1 | 2; range: string; reason: string };
  /** Unread notices to create: app type 0, app type 1, community. */
  unread?: [type0: number, type1: number, community: number];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    phone: '13800000001',
    password: DEMO_PASSWORD,
    description: '已实名；招聘工具、短剧权限、佩戴徽章；3+2+1 条未读通知',
    nickname: '创作者小王',
    identities: [IDENTITY.REAL_NAME],
    tools: ['oddjobs'],
    shortDramaAuth: true,
    badgeCoverUrl: BADGE,
    creatorScore: 86,
    unread: [3, 2, 1],
  },
  { phone: '13800000002', password: DEMO_PASSWORD, description: '未实名（创作时弹出实名认证）', nickname: '新人小李', identities: [] },
  {
    phone: '13800000003',
    password: DEMO_PASSWORD,
    description: '已实名；封禁类型 1，范围 1（文章、视频、图集、合集）',
    nickname: '被限制的老张',
    identities: [IDENTITY.REAL_NAME],
    ban: { type: 1, range: '1', reason: '发布内容涉嫌抄袭，已限制图文视频创作' },
  },
  {
    phone: '13800000004',
    password: DEMO_PASSWORD,
    description: '已实名；封禁类型 1，范围 3（动态）',
    nickname: '被限制的小赵',
    identities: [IDENTITY.REAL_NAME],
    ban: { type: 1, range: '3', reason: '动态中含有违规广告，已限制发布动态' },
  },
  {
    phone: '13800000005',
    password: DEMO_PASSWORD,
    description: '封禁类型 2（强制退出登录）',
    nickname: '被封禁的账号',
    identities: [IDENTITY.REAL_NAME],
    ban: { type: 2, range: '', reason: '账号存在严重违规行为，已被封禁' },
  },
  {
    phone: '13800000006',
    password: DEMO_PASSWORD,
    description: '企业认证（cert_type 24，企业状态 2），机构认证，佩戴徽章',
    nickname: '河南日报企业号',
    identities: [IDENTITY.REAL_NAME, IDENTITY.AGENCY],
    certType: 24,
    badgeCoverUrl: BADGE,
    enterprise: { status: 2, certAuditStatus: 1 },
    creatorScore: 95,
  },
  {
    phone: '13800000007',
    password: DEMO_PASSWORD,
    description: '已实名；105 条未读通知（角标显示 99+）',
    nickname: '消息很多的小陈',
    identities: [IDENTITY.REAL_NAME],
    unread: [60, 40, 5],
  },
];
