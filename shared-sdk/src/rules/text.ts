/**
 * Counting characters the way the server does: by Unicode code points (`[...text].length`), so an
 * emoji or a rare CJK character outside the BMP is one character, not two UTF-16 code units (what
 * `string.length`, antd's `maxLength` and a Form rule's `max` count).
 */

/** Characters as the server counts them: code points. */
export function charCount(text: string): number {
  return [...text].length;
}

/** The first `max` characters (code points) of a text: never splits an emoji in half. */
export function firstChars(text: string, max: number): string {
  return charCount(text) > max ? [...text].slice(0, max).join('') : text;
}

/**
 * An antd Input/TextArea `count` that counts and stops at `max` code points, as `maxLength` did in
 * code units: `<Input count={charLimit(LIMITS.MATERIAL_TITLE_MAX)} />`. Without `max` it only counts;
 * `show: false` stops at the limit without a counter (a search box). A plain object: no antd here.
 */
export function charLimit(
  max?: number,
  { show = true }: { show?: boolean } = {},
): {
  show: boolean;
  max?: number;
  strategy: (text: string) => number;
  exceedFormatter?: (text: string, config: { max: number }) => string;
} {
  if (max === undefined) return { show, strategy: charCount };
  return { show, max, strategy: charCount, exceedFormatter: (text, config) => firstChars(text, config.max) };
}

/**
 * An antd Form rule that answers a rule function's message: `rules={[fieldRule(materialTitleProblem)]}`.
 * The field's value reaches the function as a string ('' when empty).
 */
export function fieldRule(problem: (value: string) => string | null): { validator: (rule: unknown, value: unknown) => Promise<void> } {
  return {
    validator: (_rule, value) => {
      const message = problem(typeof value === 'string' ? value : '');
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}
