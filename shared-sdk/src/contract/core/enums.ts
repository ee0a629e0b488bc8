/** The enumerations and constants of docs/product.md §3 and §9, written once. */

export type LabelMap<K extends string | number = number> = Readonly<Record<K, string>>;
export interface Option<V extends string | number = number> {
  readonly value: V;
  readonly label: string;
}

export const ContentType = { ALL: 0, ARTICLE: 1, VIDEO: 2, GALLERY: 3 } as const;
export type ContentType = (typeof ContentType)[keyof typeof ContentType];
export const CONTENT_TYPE_OPTIONS: readonly Option<ContentType>[] = [
  { value: 0, label: '全部' },
  { value: 1, label: '文章' },
  { value: 2, label: '视频' },
  { value: 3, label: '图集' },
];
/** Draft list tabs (docs/product.md §2): the same values, the draft screen's own words. */
export const DRAFT_TABS: readonly Option<ContentType>[] = [
  { value: 0, label: '全部' },
  { value: 1, label: '图文' },
  { value: 2, label: '视频' },
  { value: 3, label: '图集' },
];

export const PUBLISH_PLATFORMS: LabelMap = {
  1: '微信公众号',
  2: '微信小程序',
  3: '抖音',
  4: '今日头条',
  5: '百家号',
  6: '企鹅号',
  7: '西瓜视频',
  8: '头条授权抖音',
  9: '省报客户端',
  10: '新闻网站',
  11: '财经网站',
  31: '云媒体',
};

export const MaterialAuditStatus = { ALL: 0, UNREVIEWED: 1, APPROVED: 2, FAILED: 3, IN_REVIEW: 4 } as const;
export type MaterialAuditStatus = (typeof MaterialAuditStatus)[keyof typeof MaterialAuditStatus];
export const MATERIAL_AUDIT_OPTIONS: readonly Option<MaterialAuditStatus>[] = [
  { value: 0, label: '全部' },
  { value: 1, label: '未审核' },
  { value: 4, label: '审核中' },
  { value: 2, label: '审核通过' },
  { value: 3, label: '审核失败' },
];

/** Material kinds: 1 manuscript, 2 image, 3 other/video. Types 2 and 3 can be used to write. */
export const MaterialType = { MANUSCRIPT: 1, IMAGE: 2, VIDEO: 3 } as const;
export type MaterialType = (typeof MaterialType)[keyof typeof MaterialType];
export const USABLE_MATERIAL_TYPES: readonly number[] = [2, 3];

export const ARTICLE_STATUS_FILTERS: readonly Option[] = [
  { value: 20, label: '全部' },
  { value: 7, label: '已发布' },
  { value: 5, label: '审核中' },
  { value: 6, label: '未通过' },
  { value: 4, label: '仅我可见' },
  { value: 12, label: '定时发布' },
  { value: 13, label: '已下线' },
];
/** The other content lists' status filters (docs/product.md §3): numeric and string-valued variants. */
export const OTHER_STATUS_FILTERS: readonly Option[] = [
  { value: -1, label: '全部' },
  { value: 6, label: '未通过' },
  { value: 0, label: '已发布' },
  { value: 7, label: '审核中' },
];
export const OTHER_STATUS_FILTERS_TEXT: readonly Option<string>[] = [
  { value: '', label: '全部' },
  { value: '6', label: '未通过' },
  { value: '0,1,4,5', label: '审核中' },
  { value: '7', label: '已发布' },
];

/** How each content type's review codes read (articles, videos, galleries each use their own codes). */
export const ARTICLE_REVIEW_LABELS: LabelMap = { 1: '内部审核中', 2: '审核中', 3: '内部审核不通过', 4: '审核中', 5: '已发布', 8: '未通过' };
export const VIDEO_REVIEW_LABELS: LabelMap = { 1: '审核中', 0: '已发布', 2: '未通过' };
export const GALLERY_REVIEW_LABELS: LabelMap = { 1: '已发布', 2: '已发布', 3: '未通过', 4: '未通过' };

export const MaterialLogCode = {
  UPLOAD: 1,
  USE: 2,
  DOWNLOAD: 3,
  SAVE: 4,
  SHARE: 5,
  AI_REVIEW_FAILED: 7,
  AI_REVIEW_PASSED: 8,
  DELETE: 9,
} as const;
export type MaterialLogCode = (typeof MaterialLogCode)[keyof typeof MaterialLogCode];
export const MATERIAL_LOG_LABELS: LabelMap = {
  1: '上传',
  2: '使用',
  3: '下载',
  4: '保存',
  5: '分享',
  7: 'AI审核不通过',
  8: 'AI审核通过',
  9: '删除',
};

/** Enterprise certification audit status; status 2 of the enterprise data means certified. */
export const ENTERPRISE_CERT_LABELS: LabelMap = { 0: '未认证', 1: '审核通过', 2: '审核中', 3: '审核中', 4: '审核失败' };
export const ENTERPRISE_CERTIFIED_STATUS = 2;

export const BanType = { CREATION: 1, FORCED_LOGOUT: 2 } as const;
export type BanType = (typeof BanType)[keyof typeof BanType];
/** Range codes: "1" articles, videos, galleries and collections; "3" posts. */
export const BanRange = { CONTENT: '1', POST: '3' } as const;
export type BanRange = (typeof BanRange)[keyof typeof BanRange];

export const ALLOWED_IMAGE_TYPES: readonly string[] = ['gif', 'jpeg', 'jpg', 'png', 'svg'];

export const NEWSPAPERS: readonly Option[] = [
  { value: 1, label: '河南日报' },
  { value: 2, label: '河南商报' },
  { value: 3, label: '大河报' },
  { value: 4, label: '新媒体' },
  { value: 5, label: '地市党报' },
  { value: 6, label: '河南日报农村版' },
  { value: 7, label: '大河健康报' },
  { value: 8, label: '法制报' },
];

/** docs/product.md §9. */
export const LIMITS = {
  MATERIAL_PAGE_SIZE: 24,
  DRAFT_PAGE_SIZE: 10,
  DEFAULT_MATERIAL_TYPE: 2,
  DEFAULT_MY_MATERIAL_AUDIT: 0,
  DEFAULT_ALL_MATERIAL_AUDIT: 2,
  DEFAULT_NEWSPAPER_TYPE: 1,
  CERT_REREAD_DELAY_MS: 3000,
  UNREAD_BADGE_MAX: 99,
  LAZY_SCREEN_TIMEOUT_MS: 120_000,
  REQUEST_TIMEOUT_MS: 1_500_000,
  MATERIAL_TITLE_MAX: 30,
  MATERIAL_DESCRIBE_MAX: 400,
  UPLOAD_PLACEHOLDER_ID_LENGTH: 32,
  SIDEBAR_WIDTH: 220,
  HEADER_HEIGHT: 60,
} as const;

export const PLAYER = { speeds: [0.7, 1, 1.5, 2], aspect: 2, width: 600, lang: 'zh-cn' } as const;
