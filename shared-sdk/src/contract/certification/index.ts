/**
 * Enterprise certification and government-affairs accounts: the application form's rules (shared by
 * the page and the server) and the calls' types.
 *
 * Status (docs/product.md §3): `cert_audit_status` 0 not certified (no application), 2 submitted and waiting,
 * 3 being reviewed by an operator, 1 passed, 4 failed (with a reason). The enterprise data of
 * `/api/enterpriseUser/index` adds `status`: 0 not certified, 1 applied (in review), 2 certified —
 * "status 2 means certified"; an approved enterprise also gets `cert_type` 24 (the badge).
 *
 * | path (POST) | request | data |
 * |---|---|---|
 * | /api/enterpriseUser/index | — | EnterpriseAnswer (the shell's dropdown) |
 * | /api/enterpriseUser/application | — | CertificationState (my enterprise application) |
 * | /api/enterpriseUser/apply | CertificationApplyRequest | CertificationState |
 * | /api/govAffairs/index | — | CertificationState (my government-affairs application) |
 * | /api/govAffairs/apply | CertificationApplyRequest | CertificationState |
 */
import type { DataOf } from '../core/route';
import type * as certification from './schemas';
import { CERT_LIMITS } from './values';

export * from './values';

export const CertAuditStatus = { NONE: 0, PASSED: 1, SUBMITTED: 2, REVIEWING: 3, FAILED: 4 } as const;
export type CertAuditStatus = (typeof CertAuditStatus)[keyof typeof CertAuditStatus];
/** The enterprise data's `status`: 2 means certified. */
export const EnterpriseStatus = { NONE: 0, APPLIED: 1, CERTIFIED: 2 } as const;
export const ENTERPRISE_CERT_TYPE = 24;

/** What a certification screen shows for each audit status. */
export const CERT_STATUS_TEXTS: Readonly<Record<number, string>> = { 0: '未认证', 1: '已认证', 2: '审核中', 3: '审核中', 4: '审核失败' };

/** An application may be (re)submitted only when there is none or it failed. */
export function canApply(status: number): boolean {
  return status === CertAuditStatus.NONE || status === CertAuditStatus.FAILED;
}

export type CertKind = 'enterprise' | 'gov';

export type CertificationApplyRequest = certification.CertificationApply;
export type CertificationState = certification.CertificationState;

// GB 32100-2015: 18 characters from this alphabet (no I, O, S, V, Z); the last is a check character.
const USCC_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const USCC_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** True for a unified social credit code whose shape and check character are right (upper case). */
export function isValidCreditCode(code: string): boolean {
  if (!USCC_SHAPE.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += USCC_ALPHABET.indexOf(code.charAt(i)) * (USCC_WEIGHTS[i] ?? 0);
  return USCC_ALPHABET.charAt((31 - (sum % 31)) % 31) === code.charAt(17);
}

/** Mainland mobile numbers and landlines with area code (0371-12345678). */
export function isValidContactPhone(phone: string): boolean {
  return /^1[3-9]\d{9}$/.test(phone) || /^0\d{2,3}-?\d{7,8}$/.test(phone);
}

export const CERT_MESSAGES = {
  ORG_NAME: `请输入${CERT_LIMITS.orgNameMin}-${CERT_LIMITS.orgNameMax}个字的机构名称`,
  CREDIT_CODE: '统一社会信用代码不正确，请核对18位代码',
  LICENCE: '请上传营业执照或机构证明图片',
  CONTACT_NAME: `请输入联系人姓名（不超过${CERT_LIMITS.contactNameMax}个字）`,
  CONTACT_PHONE: '请输入正确的联系电话',
} as const;

/** The form's rules; the first failure's message, or null. Both page and server call it. */
export function checkCertification(input: CertificationApplyRequest): string | null {
  const name = [...input.org_name.trim()].length;
  if (name < CERT_LIMITS.orgNameMin || name > CERT_LIMITS.orgNameMax) return CERT_MESSAGES.ORG_NAME;
  if (!isValidCreditCode(input.credit_code.trim().toUpperCase())) return CERT_MESSAGES.CREDIT_CODE;
  if (!input.licence_url.trim()) return CERT_MESSAGES.LICENCE;
  const contact = [...input.contact_name.trim()].length;
  if (contact < 1 || contact > CERT_LIMITS.contactNameMax) return CERT_MESSAGES.CONTACT_NAME;
  if (!isValidContactPhone(input.contact_phone.trim())) return CERT_MESSAGES.CONTACT_PHONE;
  return null;
}

export type EnterpriseAnswer = DataOf<typeof certification.enterpriseIndex>;
