/** Tools an operator can enable for a creator, by code. */
export const TOOL_CATALOGUE: Readonly<Record<string, string>> = {
  oddjobs: '招聘管理',
};

export function toolName(code: string): string {
  return TOOL_CATALOGUE[code] ?? code;
}
