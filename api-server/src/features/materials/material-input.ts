/** The material routes' input rules: messages, limits, id lists, times, refusals. */
import { ApiCode } from 'shared-sdk/contract';
import { MATERIAL_INPUT_MESSAGES } from 'shared-sdk/rules';
import { ApiError } from '../../lib/api-error';
import type { IdListRule } from '../../lib/ids';

/** The save's texts and file counts are shared-sdk/rules' (the add screen checks them too); the rest only the server checks. */
export const MATERIAL_MESSAGES = {
  ...MATERIAL_INPUT_MESSAGES,
  NOT_FOUND: '素材不存在或已删除',
  NOT_YOURS: '只能删除自己的素材',
  NOT_APPROVED: '素材未审核通过，不能下载',
  NOT_USABLE: '该类型的素材不能用于创作',
  BAD_IDS: '参数错误：ids 格式不正确',
  BAD_BEHAVIOR: '参数错误：不支持的素材操作',
  BAD_FILE_URL: '素材地址不正确',
  FILE_NOT_YOURS: '只能使用自己上传的文件',
  FILE_MISSING: '文件未上传完成或已失效，请重新上传',
  NOT_AN_IMAGE: '请上传图片素材（仅支持 gif、jpeg、jpg、png、svg）',
  FILE_TOO_LARGE: '图片不能超过20MB',
  BAD_LABELS: '参数错误：labels 格式不正确',
  UNKNOWN_LABEL: '标签不存在',
} as const;

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const KEYWORD_MAX = 50;

export const invalid = (msg: string): ApiError => new ApiError(ApiCode.INVALID_PARAMS, msg);

/** "2025-01-31" or "2025-01-31 09:05:00" read as China time; null when it is not a date. */
export function parseChinaTime(text: string, endOfDay: boolean): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const dateOnly = h === undefined;
  const iso = `${y}-${mo}-${d}T${dateOnly ? (endOfDay ? '23:59:59' : '00:00:00') : `${h}:${mi}:${s ?? (endOfDay ? '59' : '00')}`}${endOfDay && dateOnly ? '.999' : ''}+08:00`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The largest id the material calls' id lists take: nine digits, as they have always read them. */
const MATERIAL_MAX_ID = 999_999_999;
/** The material ids of a delete (`parseIdList` in lib/ids.ts): up to 100. */
export const MATERIAL_ID_LIST: IdListRule = { max: 100, message: MATERIAL_MESSAGES.BAD_IDS, maxId: MATERIAL_MAX_ID };
/** The tag ids of a save, up to `max`. */
export const labelIdList = (max: number): IdListRule => ({ max, message: MATERIAL_MESSAGES.BAD_LABELS, maxId: MATERIAL_MAX_ID });
