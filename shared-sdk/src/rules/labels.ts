/** The rule of a tag's name (docs/product.md §7 `/api/label/list`): searched and created by the same name. */
import { charCount } from './text';

export const LABEL_NAME_MAX = 20;

export const LABEL_MESSAGES = {
  NAME_TOO_LONG: `标签不能超过${LABEL_NAME_MAX}个字`,
} as const;

/** A tag's name or search keyword, trimmed: at most LABEL_NAME_MAX characters (empty searches nothing). */
export function labelNameProblem(name: string): string | null {
  return charCount(name.trim()) > LABEL_NAME_MAX ? LABEL_MESSAGES.NAME_TOO_LONG : null;
}
