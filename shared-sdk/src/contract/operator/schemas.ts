/**
 * The operators' calls: the console (`/console`) and the operator command line use these and nothing
 * else. All live under `/api/operator/`. Apart from sign-in they are authenticated by an operator
 * session (the `mf_operator` cookie the sign-in sets, HttpOnly) or a personal token
 * (`Authorization: Bearer mfop_…`), never by a creator's token, and are not signed. Each declares the
 * permission it needs (`operator-roles.ts`): a role without it is answered 1003 (HTTP 403); no or a
 * dead session -1 (HTTP 401). Every call that changes something writes one audit row naming the
 * operator, in the same transaction as the change.
 *
 * Times are ISO 8601 strings. Lists answer `{list, total, page, size}`.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { NEWSPAPERS } from '../core/enums';
import { Id, IdList, NoData, Nullable, OneOf, Paging, Text } from '../core/common';
import { ReleaseScope } from '../releases/schemas';
import { defineRoute } from '../core/route';

const tag = 'operator';
const auth = 'operator' as const;
const ISO = Type.String({ description: 'ISO 8601' });
const DAY = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

const ListOf = <T extends TSchema>(item: T) => Type.Object({ list: Type.Array(item), total: Type.Integer(), page: Type.Integer(), size: Type.Integer() });

// --- accounts ------------------------------------------------------------------------------------

export const ROLES = ['admin', 'moderator', 'viewer', 'release_manager'] as const;
const Role = OneOf(ROLES, {
  description:
    'admin: everything; moderator: review, bans, verification, newspaper; viewer: reads only; release_manager: the release calls within its release scope',
});

/** An operator's name: what they sign in with and what the audit trail shows. */
const OperatorName = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{1,31}$', description: '2–32 of letters, digits, . _ -' });
const Password = Type.String({ minLength: 1, maxLength: 128 });
const NewPassword = Type.String({ minLength: 10, maxLength: 128, description: 'at least 10 characters' });
const TotpCode = Type.String({ pattern: '^\\d{6}$', description: 'the 6 digits the authenticator app shows' });

export const OperatorAccount = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: Role,
  disabled: Type.Boolean(),
  /** false until the first sign-in with a TOTP code: the enrolment is then pending. */
  totp_enrolled: Type.Boolean(),
  created_at: ISO,
  last_sign_in_at: Nullable(ISO),
  /**
   * The remotes and environments the account may release, as `operatorSetReleaseScope` last set them;
   * null when never set (a release manager without one releases nothing). Only a release manager's is
   * used: an admin releases everything, the other roles nothing.
   */
  release_scope: Nullable(ReleaseScope),
});
export type OperatorAccount = Static<typeof OperatorAccount>;

/** The signed-in operator, and what their role may do. */
export const OperatorSelf = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  role: Role,
  permissions: Type.Array(OneOf(['self', 'read', 'moderate', 'admin', 'release'] as const)),
  /** When this session (or personal token) ends. Null: a personal token without an end. */
  expires_at: Nullable(ISO),
  /** 'session' (the console's cookie) or 'token' (a personal token). */
  via: OneOf(['session', 'token'] as const),
});
export type OperatorSelf = Static<typeof OperatorSelf>;

export const SignInStep = Type.Object({
  /** Hands the password step on to the second factor; valid 5 minutes, once. */
  challenge: Type.String(),
  /** 'totp': ask for the code; 'enrol': show the QR code first (operatorTotpEnrol), then ask for the code. */
  next: OneOf(['totp', 'enrol'] as const),
  expires_at: ISO,
});

/** Sign-in, step 1: name and password. 1007 for a wrong name or password (one answer), 1008 when throttled as creators' login is, 1003 for a disabled account. */
export const operatorSignIn = defineRoute({
  method: 'POST',
  url: '/api/operator/session/password',
  operationId: 'operatorSignIn',
  summary: 'Operator sign-in, step 1: name and password → a challenge for the second factor',
  description:
    '1007 账号或密码错误 (one answer for an unknown name and a wrong password); 1008 when throttled (per address and name, and per address); 1003 for a disabled account.',
  tag,
  auth: 'public',
  body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 32 }), password: Password }),
  data: SignInStep,
});

export const TotpEnrolment = Type.Object({
  /** `otpauth://totp/…` for authenticator apps. */
  otpauth_url: Type.String(),
  /** The same as a PNG QR code, `data:image/png;base64,…`. */
  qr_data_url: Type.String(),
  /** The base32 secret, for typing in by hand. */
  secret: Type.String(),
});
export type TotpEnrolment = Static<typeof TotpEnrolment>;

/** Enrolment: shows the new TOTP secret once (a second call answers 1009). Only for a challenge whose `next` is 'enrol'. */
export const operatorTotpEnrol = defineRoute({
  method: 'POST',
  url: '/api/operator/session/enrol',
  operationId: 'operatorTotpEnrol',
  summary: 'TOTP enrolment: the secret and its QR code, shown once',
  description: 'Takes the challenge of step 1 when it said `enrol`. 1009 when the secret was already shown; -1 for an unknown or expired challenge.',
  tag,
  auth: 'public',
  body: Type.Object({ challenge: Type.String({ minLength: 1, maxLength: 100 }) }),
  data: TotpEnrolment,
});

/** Sign-in, step 2: the TOTP code. Sets the session cookie and answers the session token too (for clients without cookies). */
export const operatorVerifyTotp = defineRoute({
  method: 'POST',
  url: '/api/operator/session/totp',
  operationId: 'operatorVerifyTotp',
  summary: 'Operator sign-in, step 2: the TOTP code → a session',
  description:
    '1007 验证码错误 for a wrong code or a code already used in its window (codes count as one attempt each, throttled like passwords); ' +
    '-1 for an unknown, used or expired challenge. The first right code completes a pending enrolment. Sets the HttpOnly `mf_operator` cookie.',
  tag,
  auth: 'public',
  body: Type.Object({ challenge: Type.String({ minLength: 1, maxLength: 100 }), code: TotpCode }),
  data: Type.Object({ token: Type.String(), expires_at: ISO, operator: OperatorSelf }),
});

/** Who is signed in (the console's start-up call). */
export const operatorSession = defineRoute({
  method: 'GET',
  url: '/api/operator/session',
  operationId: 'operatorSession',
  summary: 'The signed-in operator, their role and permissions',
  tag,
  auth,
  permission: 'self',
  data: OperatorSelf,
});

/** Sign-out: ends this session (and clears the cookie). */
export const operatorSignOut = defineRoute({
  method: 'POST',
  url: '/api/operator/session/sign-out',
  operationId: 'operatorSignOut',
  summary: 'Operator sign-out: the session ends',
  tag,
  auth,
  permission: 'self',
  data: NoData,
});

/** Password change: ends every other session of this operator. 1003 for a wrong current password. */
export const operatorChangePassword = defineRoute({
  method: 'POST',
  url: '/api/operator/password',
  operationId: 'operatorChangePassword',
  summary: "Change the signed-in operator's password (other sessions end)",
  description: '1003 当前密码不正确; 1002 for a new password under 10 characters or equal to the old one.',
  tag,
  auth,
  permission: 'self',
  body: Type.Object({ old_password: Password, new_password: NewPassword }),
  data: NoData,
});

/** Admins: every operator account. */
export const operatorList = defineRoute({
  method: 'GET',
  url: '/api/operator/operators',
  operationId: 'operatorList',
  summary: 'Operator accounts (admin)',
  tag,
  auth,
  permission: 'admin',
  data: Type.Array(OperatorAccount),
});

/** Admins: a new operator. The initial password is shown once; the new operator enrols TOTP at the first sign-in. 1009 for a taken name. */
export const operatorAdd = defineRoute({
  method: 'POST',
  url: '/api/operator/operators/add',
  operationId: 'operatorAdd',
  summary: 'Add an operator (admin): answers the initial password once',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ name: OperatorName, role: Role }),
  data: Type.Object({ operator: OperatorAccount, initial_password: Type.String() }),
});

/** Admins: disable (sessions and tokens end at once) or enable an account. An admin cannot disable themself. */
export const operatorDisable = defineRoute({
  method: 'POST',
  url: '/api/operator/operators/disable',
  operationId: 'operatorDisable',
  summary: 'Disable or re-enable an operator (admin)',
  description: '1009 for disabling oneself or the last enabled admin, or for the state the account already has; 1004 for an unknown id.',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ id: Id, disabled: Type.Boolean(), reason: Type.Optional(Text(200)) }),
  data: OperatorAccount,
});

/** Admins: change an operator's role (takes effect on their next call). */
export const operatorSetRole = defineRoute({
  method: 'POST',
  url: '/api/operator/operators/role',
  operationId: 'operatorSetRole',
  summary: "Change an operator's role (admin)",
  description: '1009 for oneself, for the role the operator already has, or when it would leave no enabled admin; 1004 for an unknown id.',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ id: Id, role: Role, reason: Type.Optional(Text(200)) }),
  data: OperatorAccount,
});

/** Admins: a lost phone. The operator's TOTP is cleared (they enrol again at the next sign-in) and their sessions end. */
export const operatorResetTotp = defineRoute({
  method: 'POST',
  url: '/api/operator/operators/reset-totp',
  operationId: 'operatorResetTotp',
  summary: "Reset an operator's second factor (admin); they enrol again",
  description: '1009 for oneself or an operator with no authenticator yet; 1004 for an unknown id.',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ id: Id, reason: Type.Optional(Text(200)) }),
  data: OperatorAccount,
});

/** Admins: a forgotten password. A new one is made and shown once; the operator's console sessions end (personal tokens stay). */
export const operatorResetPassword = defineRoute({
  method: 'POST',
  url: '/api/operator/operators/reset-password',
  operationId: 'operatorResetPassword',
  summary: "Reset another operator's password (admin): the new one is shown once",
  description: '1009 for oneself (change your own password with the old one); 1004 for an unknown id.',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ id: Id, reason: Text(200, 1) }),
  data: Type.Object({ operator: OperatorAccount, password: Type.String({ description: 'the new password; shown only now' }) }),
});

/** Admins: ends another operator's console sessions, and with `tokens` their personal tokens too. */
export const operatorRevokeSessions = defineRoute({
  method: 'POST',
  url: '/api/operator/operators/revoke-sessions',
  operationId: 'operatorRevokeSessions',
  summary: "End another operator's sessions (and personal tokens) (admin)",
  description: '1009 for oneself (sign out instead) or when the operator has nothing live to end; 1004 for an unknown id.',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ id: Id, tokens: Type.Optional(Type.Boolean({ description: 'also revoke personal tokens; default false' })), reason: Text(200, 1) }),
  data: Type.Object({
    operator: OperatorAccount,
    sessions: Type.Integer({ description: 'sessions ended' }),
    tokens: Type.Integer({ description: 'tokens revoked' }),
  }),
});

// --- personal tokens -----------------------------------------------------------------------------

export const PersonalToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The first characters, to recognise it (`mfop_ab12…`). */
  hint: Type.String(),
  created_at: ISO,
  expires_at: Nullable(ISO),
  last_used_at: Nullable(ISO),
  revoked_at: Nullable(ISO),
});
export type PersonalToken = Static<typeof PersonalToken>;

/** A personal token for the command line, acting as its operator with their role; the token itself is shown once. */
export const operatorTokenCreate = defineRoute({
  method: 'POST',
  url: '/api/operator/tokens/create',
  operationId: 'operatorTokenCreate',
  summary: 'Create a personal token (shown once)',
  tag,
  auth,
  permission: 'self',
  body: Type.Object({
    name: Text(40, 1),
    expires_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, description: 'omitted: 90 days' })),
  }),
  data: Type.Object({ token: Type.String({ description: 'Authorization: Bearer <token>; shown only now' }), info: PersonalToken }),
});

/** The signed-in operator's own tokens. */
export const operatorTokenList = defineRoute({
  method: 'GET',
  url: '/api/operator/tokens',
  operationId: 'operatorTokenList',
  summary: "The signed-in operator's personal tokens",
  tag,
  auth,
  permission: 'self',
  data: Type.Array(PersonalToken),
});

/** Revokes one of the signed-in operator's tokens (an admin may revoke anyone's). */
export const operatorTokenRevoke = defineRoute({
  method: 'POST',
  url: '/api/operator/tokens/revoke',
  operationId: 'operatorTokenRevoke',
  summary: 'Revoke a personal token',
  description: "1004 for a token that is not the caller's (an admin may revoke every operator's).",
  tag,
  auth,
  permission: 'self',
  body: Type.Object({ id: Id }),
  data: PersonalToken,
});

// --- queues --------------------------------------------------------------------------------------

export const QUEUES = ['materials', 'manuscripts', 'enterprise', 'gov', 'appeals'] as const;
export type QueueName = (typeof QUEUES)[number];

export const QueueSummary = Type.Object({
  queue: OneOf(QUEUES),
  count: Type.Integer(),
  /** When the oldest waiting item entered the queue; null for an empty queue. */
  oldest_at: Nullable(ISO),
  /** Its age in seconds at the time of the answer; null for an empty queue. */
  oldest_age_seconds: Nullable(Type.Integer()),
});
export type QueueSummary = Static<typeof QueueSummary>;

export const CreatorRef = Type.Object({ id: Type.Integer(), phone: Type.String(), nickname: Type.String() });

export const QueuedMaterial = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** 1 manuscript, 2 image, 3 video/other. */
  cm_type: Type.Integer(),
  /** 1 未审核, 4 审核中. */
  cm_check: Type.Integer(),
  /** The file: the image, or the video/audio to play. */
  url: Type.String(),
  /** The thumbnail or poster. */
  icon_url: Type.String(),
  /** The file's media type from its name ('image', 'video', 'audio', 'other'). */
  media: OneOf(['image', 'video', 'audio', 'other'] as const),
  size: Type.Integer(),
  creator: CreatorRef,
  submitted_at: ISO,
});
export type QueuedMaterial = Static<typeof QueuedMaterial>;

/** Counts and oldest age per queue (the home page and the review tabs' badges). */
export const queueSummary = defineRoute({
  method: 'GET',
  url: '/api/operator/queues',
  operationId: 'queueSummary',
  summary: 'Every queue: how many wait, and since when the oldest',
  tag,
  auth,
  permission: 'read',
  data: Type.Array(QueueSummary),
});

/** Materials waiting, oldest first: 未审核 (1) and 审核中 (4), or one of them. */
export const queueMaterials = defineRoute({
  method: 'GET',
  url: '/api/operator/queues/materials',
  operationId: 'queueMaterials',
  summary: 'Materials waiting for review, oldest first, with their file URLs',
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object({
    cm_check: Type.Optional(OneOf([1, 4] as const, { description: 'omitted: both' })),
    ...Paging({ size: 20, sizeMax: 100 }),
  }),
  data: ListOf(QueuedMaterial),
});

export const QueuedManuscript = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** The content type (article, video, gallery, collection, post). */
  type: Type.Integer(),
  /** ManuscriptStatus: 5 审核中. */
  status: Type.Integer(),
  /** The body as stored (HTML: sanitize before showing). */
  content: Type.String(),
  cover_url: Type.String(),
  creator: CreatorRef,
  submitted_at: ISO,
});
export type QueuedManuscript = Static<typeof QueuedManuscript>;

/** Manuscripts waiting for review (审核中), oldest first. */
export const queueManuscripts = defineRoute({
  method: 'GET',
  url: '/api/operator/queues/manuscripts',
  operationId: 'queueManuscripts',
  summary: 'Manuscripts waiting for review, oldest first',
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object({ ...Paging({ size: 20, sizeMax: 100 }) }),
  data: ListOf(QueuedManuscript),
});

export const QueuedCertification = Type.Object({
  kind: OneOf(['enterprise', 'gov'] as const),
  creator: CreatorRef,
  /** 2 submitted, 3 in review. */
  audit_status: Type.Integer(),
  org_name: Type.String(),
  credit_code: Type.String(),
  /** The licence image. */
  licence_url: Type.String(),
  contact_name: Type.String(),
  contact_phone: Type.String(),
  submitted_at: ISO,
});
export type QueuedCertification = Static<typeof QueuedCertification>;

/** Enterprise and government-affairs applications waiting, oldest first, with their licence images. */
export const queueCertifications = defineRoute({
  method: 'GET',
  url: '/api/operator/queues/certifications',
  operationId: 'queueCertifications',
  summary: 'Certification applications waiting for review, oldest first',
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object({
    kind: Type.Optional(OneOf(['enterprise', 'gov'] as const, { description: 'omitted: both' })),
    ...Paging({ size: 20, sizeMax: 100 }),
  }),
  data: ListOf(QueuedCertification),
});

// --- decisions -----------------------------------------------------------------------------------

const Reason = Type.Optional(Type.String({ maxLength: 200, default: '', description: 'required to reject; the creator reads it' }));

/** One item of a decision on several: each is decided (and audited) on its own. */
export const DecisionResult = Type.Object({ id: Type.Integer(), ok: Type.Boolean(), message: Type.String() });
export type DecisionResult = Static<typeof DecisionResult>;

/**
 * Materials: approve (审核通过), reject with a reason (审核失败: the creator reads it in the
 * material's records and as a notice), or take into review (审核中); several at once.
 */
export const materialDecide = defineRoute({
  method: 'POST',
  url: '/api/operator/materials/decide',
  operationId: 'materialDecide',
  summary: 'Approve, reject or take into review one or more materials',
  description: '1002 for a rejection without a reason. Each id answers on its own (an unknown or deleted material: ok false).',
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({ ids: IdList(100), decision: OneOf(['approve', 'reject', 'review'] as const), reason: Reason }),
  data: Type.Array(DecisionResult),
});

/** Manuscripts: approve (已发布), reject with a reason (未通过), or take offline (已下线); several at once. */
export const manuscriptDecide = defineRoute({
  method: 'POST',
  url: '/api/operator/manuscripts/decide',
  operationId: 'manuscriptDecide',
  summary: 'Approve, reject or take offline one or more manuscripts',
  description: '1002 for a rejection without a reason. Each id answers on its own (not in a state for this step: ok false).',
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({ ids: IdList(100), decision: OneOf(['approve', 'reject', 'offline'] as const), reason: Reason }),
  data: Type.Array(DecisionResult),
});

/** A certification application: take into review, approve, or reject with a reason; the creator gets a notice. */
export const certificationDecide = defineRoute({
  method: 'POST',
  url: '/api/operator/certifications/decide',
  operationId: 'certificationDecide',
  summary: 'Decide an enterprise or government-affairs application',
  description: '1002 for a rejection without a reason; 1009 when the application is not waiting for this step.',
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({
    user_id: Id,
    kind: OneOf(['enterprise', 'gov'] as const),
    decision: OneOf(['reviewing', 'approve', 'reject'] as const),
    reason: Reason,
  }),
  data: QueuedCertification,
});

// --- appeals -------------------------------------------------------------------------------------

export const BanInfo = Type.Object({
  id: Type.Integer(),
  /** 1 creation in `range`; 2 forced logout. */
  ban_type: Type.Integer(),
  range: Type.String(),
  reason: Type.String(),
  active: Type.Boolean(),
  created_at: ISO,
  /** When it ends by itself; null: until lifted. */
  ends_at: Nullable(ISO),
  lifted_at: Nullable(ISO),
  /** The operator who banned; null for bans older than operator accounts. */
  created_by: Nullable(Type.String()),
});
export type BanInfo = Static<typeof BanInfo>;

export const Appeal = Type.Object({
  id: Type.Integer(),
  creator: CreatorRef,
  /** The creator's text. */
  text: Type.String(),
  /** open, lifted (the ban was lifted) or kept. */
  status: OneOf(['open', 'lifted', 'kept'] as const),
  ban: BanInfo,
  reply: Type.String(),
  decided_by: Nullable(Type.String()),
  decided_at: Nullable(ISO),
  created_at: ISO,
});
export type Appeal = Static<typeof Appeal>;

/** Ban appeals, open ones oldest first (others newest first). */
export const appealList = defineRoute({
  method: 'GET',
  url: '/api/operator/appeals',
  operationId: 'appealList',
  summary: 'Ban appeals with the ban they contest',
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object({ status: Type.Optional(OneOf(['open', 'lifted', 'kept'] as const, { default: 'open' })), ...Paging({ size: 20, sizeMax: 100 }) }),
  data: ListOf(Appeal),
});

/** Lift the ban or keep it, with a reply the creator receives as a notice. */
export const appealDecide = defineRoute({
  method: 'POST',
  url: '/api/operator/appeals/decide',
  operationId: 'appealDecide',
  summary: 'Decide an appeal: lift or keep the ban, with a reply',
  description: '1009 for an appeal already decided; 1004 for an unknown id.',
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({ id: Id, decision: OneOf(['lift', 'keep'] as const), reply: Text(500, 1) }),
  data: Appeal,
});

// --- users ---------------------------------------------------------------------------------------

export const UserSummary = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  nickname: Type.String(),
  verified: Type.Boolean(),
  /** The ban in force, if any. */
  ban: Nullable(BanInfo),
  created_at: ISO,
});
export type UserSummary = Static<typeof UserSummary>;

/** Find creators by phone (prefix), nickname (part) or id. */
export const userSearch = defineRoute({
  method: 'GET',
  url: '/api/operator/users',
  operationId: 'userSearch',
  summary: 'Find creators by phone, nickname or id',
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object({ q: Type.Optional(Text(40)), ...Paging({ size: 20, sizeMax: 100 }) }),
  data: ListOf(UserSummary),
});

export const CertificationInfo = Type.Object({
  kind: OneOf(['enterprise', 'gov'] as const),
  audit_status: Type.Integer(),
  org_name: Type.String(),
  licence_url: Type.String(),
  reason: Type.String(),
  submitted_at: ISO,
  reviewed_at: Nullable(ISO),
});

export const UserDetail = Type.Object({
  id: Type.Integer(),
  phone: Type.String(),
  nickname: Type.String(),
  verified: Type.Boolean(),
  identities: Type.Array(Type.String()),
  /** Enabled tool codes (oddjobs = recruitment). */
  tools: Type.Array(Type.String()),
  short_drama: Type.Boolean(),
  /** 0 none, 1 applied, 2 certified. */
  enterprise_status: Type.Integer(),
  cert_type: Type.Integer(),
  certifications: Type.Array(CertificationInfo),
  /** Every ban, newest first (the one in force has `active`). */
  bans: Type.Array(BanInfo),
  created_at: ISO,
});
export type UserDetail = Static<typeof UserDetail>;

/** One creator's verification, bans, tools and enterprise state. */
export const userDetail = defineRoute({
  method: 'GET',
  url: '/api/operator/users/detail',
  operationId: 'userDetail',
  summary: "A creator's verification, bans, tools and enterprise state",
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object({ id: Id }),
  data: UserDetail,
});

/** Creates a creator account (what `admin create-user` did). */
export const userCreate = defineRoute({
  method: 'POST',
  url: '/api/operator/users/create',
  operationId: 'userCreate',
  summary: 'Create a creator account (admin)',
  description: '1009 for a phone already taken.',
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({
    phone: Type.String({ pattern: '^\\d{5,20}$' }),
    password: Type.String({ minLength: 6, maxLength: 128 }),
    nickname: Text(20, 1),
    verified: Type.Optional(Type.Boolean({ default: false })),
  }),
  data: UserDetail,
});

/** Real-name verification on or off. */
export const userVerify = defineRoute({
  method: 'POST',
  url: '/api/operator/users/verify',
  operationId: 'userVerify',
  summary: 'Mark a creator real-name verified, or not',
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({ id: Id, verified: Type.Boolean(), reason: Type.Optional(Text(200)) }),
  data: UserDetail,
});

/** A ban replaces the one in force. Type 1 blocks creation in `range` ("1", "3" or "1,3"); type 2 logs the creator out everywhere. */
export const userBan = defineRoute({
  method: 'POST',
  url: '/api/operator/users/ban',
  operationId: 'userBan',
  summary: 'Ban a creator (type, range, reason, optional end)',
  description: '1002 for a type 1 ban without a range, or an end in the past.',
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({
    id: Id,
    ban_type: OneOf([1, 2] as const),
    range: Type.Optional(Type.String({ pattern: '^$|^(1|3)(,(1|3))?$', default: '', description: '"1" content, "3" posts; type 1 only' })),
    reason: Text(200, 1),
    ends_at: Type.Optional(Type.String({ format: 'date-time', description: 'omitted: until lifted' })),
  }),
  data: UserDetail,
});

/** Lifts the ban in force. 1009 when there is none. */
export const userUnban = defineRoute({
  method: 'POST',
  url: '/api/operator/users/unban',
  operationId: 'userUnban',
  summary: 'Lift the ban in force',
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({ id: Id, reason: Type.Optional(Text(200)) }),
  data: UserDetail,
});

/** Sets the creator's tools and short-drama authority to exactly these. */
export const userTools = defineRoute({
  method: 'POST',
  url: '/api/operator/users/tools',
  operationId: 'userTools',
  summary: "Set a creator's tools and short-drama authority",
  description: '1002 for an unknown tool code.',
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({ id: Id, tools: Type.Array(Text(40, 1), { maxItems: 20 }), short_drama: Type.Boolean() }),
  data: UserDetail,
});

/** A new one-time password for the creator, shown once; their sessions end. */
export const userResetPassword = defineRoute({
  method: 'POST',
  url: '/api/operator/users/reset-password',
  operationId: 'userResetPassword',
  summary: "Reset a creator's password: a one-time code shown once",
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ id: Id, reason: Type.Optional(Text(200)) }),
  data: Type.Object({ code: Type.String({ description: 'the new password; give it to the creator, who changes it' }) }),
});

// --- the command line's other tasks --------------------------------------------------------------

/** Undoes a creator's draft deletion (what `admin restore-draft` did). */
export const draftRestore = defineRoute({
  method: 'POST',
  url: '/api/operator/drafts/restore',
  operationId: 'draftRestore',
  summary: "Restore a creator's deleted draft",
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({ id: Id }),
  data: Type.Object({ message: Type.String() }),
});

export const RightApplication = Type.Object({
  id: Type.Integer(),
  creator: CreatorRef,
  right_code: Type.String(),
  right_name: Type.String(),
  status: OneOf(['pending', 'approved', 'rejected'] as const),
  reason: Type.String(),
  created_at: ISO,
});

/** Creators' applications for rights. */
export const rightList = defineRoute({
  method: 'GET',
  url: '/api/operator/rights',
  operationId: 'rightList',
  summary: "Creators' applications for rights",
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object({ status: Type.Optional(OneOf(['pending', 'approved', 'rejected'] as const)), ...Paging({ size: 20, sizeMax: 100 }) }),
  data: ListOf(RightApplication),
});

/** Approves or rejects (with a reason) a pending rights application. */
export const rightDecide = defineRoute({
  method: 'POST',
  url: '/api/operator/rights/decide',
  operationId: 'rightDecide',
  summary: 'Decide a rights application',
  tag,
  auth,
  permission: 'moderate',
  body: Type.Object({ id: Id, decision: OneOf(['approved', 'rejected'] as const), reason: Reason }),
  data: RightApplication,
});

/** Builds a day's creation scores and rank lists now (what `admin score-daily` did). */
export const scoreDailyBuild = defineRoute({
  method: 'POST',
  url: '/api/operator/score/daily',
  operationId: 'scoreDailyBuild',
  summary: "Build a day's scores and rank lists (admin)",
  tag,
  auth,
  permission: 'admin',
  body: Type.Object({ date: Type.Optional(DAY) }),
  data: Type.Object({ message: Type.String() }),
});

/** Objects and their bytes. */
const Tally = Type.Object({ objects: Type.Integer(), bytes: Type.Integer() });

export const StorageReport = Type.Object({
  at: ISO,
  /** Uploaded objects by kind (the upload layout's kinds), and their total. */
  kinds: Type.Array(Type.Object({ kind: Type.String(), objects: Type.Integer(), bytes: Type.Integer() })),
  total: Tally,
  /** The creators holding the most bytes, most first; creator null for a scope no account has. */
  top: Type.Array(Type.Object({ scope: Type.String(), creator: Nullable(CreatorRef), objects: Type.Integer(), bytes: Type.Integer(), open_uploads: Tally })),
  /** The embedded storage's open multipart uploads; null with an OSS bucket (its lifecycle rule ends them). */
  open_uploads: Nullable(Type.Object({ uploads: Type.Integer(), creators: Type.Integer(), bytes: Type.Integer(), oldest_touched_at: Nullable(ISO) })),
  /** Named by no record and older than the expiry: what the next sweep removes. */
  pending_orphans: Tally,
  /** Named by no record yet, younger than the expiry. */
  young_unnamed: Tally,
  expiry_days: Type.Number(),
});
export type StorageReport = Static<typeof StorageReport>;

/** What the storage holds (what `admin storage-report` printed): bytes by kind and by creator, open uploads, pending orphans. Walks the whole store. */
export const storageReport = defineRoute({
  method: 'GET',
  url: '/api/operator/storage/report',
  operationId: 'storageReport',
  summary: 'Storage report (admin): bytes by kind and creator, open uploads, pending orphans',
  tag,
  auth,
  permission: 'admin',
  querystring: Type.Object({ top: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'creators listed; default 10' })) }),
  data: StorageReport,
});

// --- newspaper -----------------------------------------------------------------------------------

export const NEWSPAPER_PDF_MAX_BYTES = 200 * 1024 * 1024;

export const NewspaperImport = Type.Object({
  type: Type.Integer(),
  paper: Type.String(),
  date: Type.String(),
  pages: Type.Integer(),
  imported_at: ISO,
});
export type NewspaperImport = Static<typeof NewspaperImport>;

/** Imports one issue: the PDF (all its pages) is the request body, streamed; re-importing a day replaces it. */
export const newspaperImport = defineRoute({
  method: 'POST',
  url: '/api/operator/newspaper/import',
  operationId: 'newspaperImport',
  summary: "Import an issue's PDF for a paper and a day",
  description:
    'The body is the PDF itself (`Content-Type: application/pdf`), at most 200 MB; `type` and `date` in the query. 1002 for a file that is not a readable PDF.',
  tag,
  auth,
  permission: 'moderate',
  upload: { mediaType: 'application/pdf', maxBytes: NEWSPAPER_PDF_MAX_BYTES },
  querystring: Type.Object({
    type: OneOf(
      NEWSPAPERS.map((paper) => paper.value),
      { description: NEWSPAPERS.map((paper) => `${paper.value} ${paper.label}`).join(', ') },
    ),
    date: DAY,
  }),
  data: NewspaperImport,
});

/** Imported issues, newest day first. */
export const newspaperImports = defineRoute({
  method: 'GET',
  url: '/api/operator/newspaper/imports',
  operationId: 'newspaperImports',
  summary: 'Imported newspaper issues, newest day first',
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object({ type: Type.Optional(Type.Integer({ minimum: 1, maximum: 8 })), ...Paging({ size: 20, sizeMax: 100 }) }),
  data: ListOf(NewspaperImport),
});

// --- audit trail ---------------------------------------------------------------------------------

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: ISO,
  operator_id: Nullable(Type.Integer()),
  /** The operator's name at the time (kept if the account is renamed or disabled). */
  operator: Type.String(),
  role: Type.String(),
  /** e.g. material.approve, user.ban, operator.add. */
  action: Type.String(),
  /** e.g. material, manuscript, user, appeal, operator, newspaper. */
  target_type: Type.String(),
  target_id: Type.String(),
  before: Type.Unknown({ description: 'the values before (JSON), null when created' }),
  after: Type.Unknown({ description: 'the values after (JSON), null when removed' }),
  reason: Type.String(),
  /** The client address. */
  ip: Type.String(),
});
export type AuditEntry = Static<typeof AuditEntry>;

const AuditFilter = {
  operator_id: Type.Optional(Id),
  action: Type.Optional(Text(60)),
  target_type: Type.Optional(Text(40)),
  target_id: Type.Optional(Text(40)),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'from this time on' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'before this time' })),
};

/** The audit trail, newest first, filtered. */
export const auditList = defineRoute({
  method: 'GET',
  url: '/api/operator/audit',
  operationId: 'auditList',
  summary: 'The audit trail, newest first',
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object({ ...AuditFilter, ...Paging({ size: 50, sizeMax: 200 }) }),
  data: ListOf(AuditEntry),
});

/** The same rows as CSV (UTF-8 with a byte-order mark, so spreadsheet programs read the Chinese), every match. */
export const auditExport = defineRoute({
  method: 'GET',
  url: '/api/operator/audit/export',
  operationId: 'auditExport',
  summary: 'The audit trail as CSV',
  tag,
  auth,
  permission: 'read',
  querystring: Type.Object(AuditFilter),
  file: { mediaType: 'text/csv', description: 'id, at, operator, role, action, target_type, target_id, reason, ip, before, after' },
});

// --- home ----------------------------------------------------------------------------------------

/** The console's home page: queue lengths and ages, and the latest actions. */
export const consoleHome = defineRoute({
  method: 'GET',
  url: '/api/operator/home',
  operationId: 'consoleHome',
  summary: "The console's home: queues and the latest actions",
  tag,
  auth,
  permission: 'read',
  data: Type.Object({ operator: OperatorSelf, queues: Type.Array(QueueSummary), recent: Type.Array(AuditEntry) }),
});
