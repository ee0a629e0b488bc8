/**
 * What every route's input gets before a handler or the database sees it, whatever its own schema
 * says (NUL bytes, Infinity, 1e309 and integers past 32 bits used to reach
 * PostgreSQL and come back as HTTP 500):
 * - `hardenRequestSchema`: an integer without bounds is bounded to 32 bits, a number without bounds
 *   to the safe integers (so Infinity, which the validator would otherwise coerce and let through,
 *   fails); applied to every route's querystring, body and params by the input-guard plugin;
 * - `findNulField`: a NUL character anywhere in the input (PostgreSQL text cannot hold one);
 * - `describeValidation`: the Chinese message of a validation refusal, naming the field and the rule.
 */
import { Stream } from 'node:stream';

/** A plain JSON schema, as a route's compiled schema is walked here. */
type JsonSchema = Record<string, unknown>;

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

function typesOf(schema: JsonSchema): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

const hasBound = (schema: JsonSchema, ...keys: string[]): boolean => keys.some((key) => schema[key] !== undefined);

/** A bounded copy of a request schema; the route's own bounds win where it has them. */
export function hardenRequestSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(hardenRequestSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    // `enum`, `const`, `default` and `examples` hold data, not schemas.
    copy[key] = ['enum', 'const', 'default', 'examples', 'required'].includes(key) ? value : hardenRequestSchema(value);
  }
  const types = typesOf(copy);
  if (types.includes('integer') || types.includes('number')) {
    const integer = types.includes('integer') && !types.includes('number');
    if (!hasBound(copy, 'minimum', 'exclusiveMinimum')) copy.minimum = integer ? INT32_MIN : -Number.MAX_SAFE_INTEGER;
    if (!hasBound(copy, 'maximum', 'exclusiveMaximum')) copy.maximum = integer ? INT32_MAX : Number.MAX_SAFE_INTEGER;
  }
  return copy;
}

/**
 * Parsed form/JSON input: plain objects and arrays. Anything else (a Buffer, a stream, a typed array:
 * the raw body of a storage upload) is not input to walk; walking a binary body made an entry, a
 * key and a path of every byte, and a 20 MB upload froze the server.
 */
function isParsedContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (!value || typeof value !== 'object') return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Stream) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  // Query parsers build their objects on a prototype-less prototype (no inherited keys).
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/** The path (`a.b.0`) of the first value `bad` matches (keys included), or null. */
function findField(value: unknown, bad: (value: unknown) => boolean, path: string): string | null {
  if (bad(value)) return path;
  if (!isParsedContainer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (bad(key)) return here.split('\u0000').join('');
    const found = findField(item, bad, here);
    if (found !== null) return found;
  }
  return null;
}

/** The path of the first string holding a NUL character (PostgreSQL text cannot store one). */
export const findNulField = (value: unknown): string | null => findField(value, (item) => typeof item === 'string' && item.includes('\u0000'), '');

/**
 * The path of the first number that is not finite. The validator coerces "Infinity" and "1e309" to
 * Infinity for an integer field and then skips its minimum and maximum (ajv checks bounds on finite
 * numbers only), so this runs on the validated input.
 */
export const findNonFiniteField = (value: unknown): string | null => findField(value, (item) => typeof item === 'number' && !Number.isFinite(item), '');

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const RULES: Record<string, (params: Record<string, unknown>) => string> = {
  required: (p) => `缺少 ${String(p.missingProperty)}`,
  maximum: (p) => `不能大于 ${String(p.limit)}`,
  minimum: (p) => `不能小于 ${String(p.limit)}`,
  exclusiveMaximum: (p) => `必须小于 ${String(p.limit)}`,
  exclusiveMinimum: (p) => `必须大于 ${String(p.limit)}`,
  maxLength: (p) => `长度不能超过 ${String(p.limit)} 个字符`,
  minLength: (p) => `长度不能少于 ${String(p.limit)} 个字符`,
  maxItems: (p) => `不能超过 ${String(p.limit)} 项`,
  minItems: (p) => `不能少于 ${String(p.limit)} 项`,
  enum: () => '取值不正确',
  type: (p) => (p.type === 'integer' ? '必须是整数' : p.type === 'number' ? '必须是数字' : '类型不正确'),
};

/** `参数错误：page 不能大于 100000`; the first issue only, the one the validator stopped at. */
export function describeValidation(issues: readonly ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return '参数错误';
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'required') return `参数错误：${RULES.required!(first.params)}`;
  const rule = RULES[first.keyword];
  if (!field) return '参数错误';
  return `参数错误：${field} ${rule ? rule(first.params) : '格式不正确'}`;
}
