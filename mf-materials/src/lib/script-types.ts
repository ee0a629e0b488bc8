/** The 选择稿件类型 dialog after 使用 (docs/product.md §5): which manuscript kinds a material type offers. */
import type { MaterialUseRequest } from 'shared-sdk';

/** The manuscript kind `POST /api/material/use` records (its `nm_type`). */
export type ScriptType = MaterialUseRequest['nm_type'];

export interface ScriptTypeOption {
  value: ScriptType;
  label: string;
  path: string;
}

export const SCRIPT_TYPES: readonly ScriptTypeOption[] = [
  { value: 1, label: '文章', path: '/scriptWrite' },
  { value: 2, label: '视频', path: '/videoWrite' },
  { value: 3, label: '图集', path: '/graphWrite' },
];

export const DEFAULT_SCRIPT_TYPE: ScriptType = 1;

/** The radio's value back as a script type (antd hands it over untyped). */
export const scriptTypeOf = (value: unknown): ScriptType => SCRIPT_TYPES.find((t) => t.value === Number(value))?.value ?? DEFAULT_SCRIPT_TYPE;

/** Material type "1": no choice; "2": article and gallery; "3": article and video; otherwise all three. */
export function scriptTypeOptions(materialType: number | string): ScriptTypeOption[] {
  const type = String(materialType);
  if (type === '1') return [];
  if (type === '2') return SCRIPT_TYPES.filter((t) => t.value === 1 || t.value === 3);
  if (type === '3') return SCRIPT_TYPES.filter((t) => t.value === 1 || t.value === 2);
  return [...SCRIPT_TYPES];
}

export function editorUrl(scriptType: number, materialId: number): string {
  const target = SCRIPT_TYPES.find((t) => t.value === scriptType) ?? SCRIPT_TYPES[0];
  return `${target?.path ?? '/scriptWrite'}?materialId=${materialId}`;
}
