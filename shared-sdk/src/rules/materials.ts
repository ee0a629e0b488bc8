/**
 * The rules of adding materials (docs/product.md §5, `POST /api/material/save`): the add screen checks
 * them before it sends, the server again. What only the server can check (each file is a clean copy
 * of the caller's, the tags exist) stays on the server.
 */
import { LIMITS } from 'shared-sdk/contract';
import { charCount } from './text';

/** Pictures one save takes; each becomes a material. */
export const MATERIAL_FILES_MAX = 20;

export const MATERIAL_INPUT_MESSAGES = {
  TITLE_REQUIRED: '素材名称不能为空',
  TITLE_TOO_LONG: `素材名称不能超过${LIMITS.MATERIAL_TITLE_MAX}个字`,
  DESCRIBE_REQUIRED: '素材描述不能为空',
  DESCRIBE_TOO_LONG: `素材描述不能超过${LIMITS.MATERIAL_DESCRIBE_MAX}个字`,
  FILES_REQUIRED: '请上传图片素材',
  TOO_MANY_FILES: `一次最多上传${MATERIAL_FILES_MAX}张图片`,
  COVERS_MISMATCH: '参数错误：covers 与 files 数量不一致',
} as const;

const M = MATERIAL_INPUT_MESSAGES;

/** A material's name, trimmed: required, at most LIMITS.MATERIAL_TITLE_MAX characters. */
export function materialTitleProblem(title: string): string | null {
  const text = title.trim();
  if (!text) return M.TITLE_REQUIRED;
  if (charCount(text) > LIMITS.MATERIAL_TITLE_MAX) return M.TITLE_TOO_LONG;
  return null;
}

/** A material's description, trimmed: required, at most LIMITS.MATERIAL_DESCRIBE_MAX characters. */
export function materialDescribeProblem(describe: string): string | null {
  const text = describe.trim();
  if (!text) return M.DESCRIBE_REQUIRED;
  if (charCount(text) > LIMITS.MATERIAL_DESCRIBE_MAX) return M.DESCRIBE_TOO_LONG;
  return null;
}

export interface MaterialInput {
  title: string;
  describe: string;
  /** The uploaded pictures' addresses. */
  files: readonly string[];
  /** One cover per file, or none. */
  covers?: readonly string[];
}

/** The pictures of a save: at least one, at most MATERIAL_FILES_MAX, and one cover per picture or none. */
export function materialFilesProblem(files: readonly string[], covers: readonly string[] = []): string | null {
  if (!files.length) return M.FILES_REQUIRED;
  if (files.length > MATERIAL_FILES_MAX) return M.TOO_MANY_FILES;
  if (covers.length && covers.length !== files.length) return M.COVERS_MISMATCH;
  return null;
}

/** The first problem of a save, in the order the server has always answered them, or null. */
export function materialInputProblem(input: MaterialInput): string | null {
  return materialTitleProblem(input.title) ?? materialDescribeProblem(input.describe) ?? materialFilesProblem(input.files, input.covers);
}
