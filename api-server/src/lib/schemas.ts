/**
 * JSON-schema helpers. A route's response schema also filters what it sends: a column added to a
 * table later cannot leak into an answer by accident.
 */
export type JsonSchema = Record<string, unknown>;

/** `{code, msg, data}` where data is the route's own answer, or null on a refusal. */
export function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: {
      code: { type: 'integer' },
      msg: { type: 'string' },
      data: { anyOf: [data, { type: 'null' }] },
    },
  };
}

export function objectOf(properties: Record<string, JsonSchema>, required = Object.keys(properties)): JsonSchema {
  return { type: 'object', required, properties };
}

export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
export const bool: JsonSchema = { type: 'boolean' };
export const countData = objectOf({ count: int });

/** A positive 32-bit id (1 … 2147483647): the range of the tables' serial ids. */
export const id: JsonSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

/** 1 … 2147483647 written in decimal, without leading zeros: ids compared with integer columns. */
const ID_DIGITS =
  '(?:[1-9]\\d{0,8}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7])';

/**
 * A comma list of ids as the spec's calls send them (`ids=3,5,8`), each within 32 bits, so no id can
 * overflow the integer column it is compared with; at most `max` of them.
 */
export function idList(max = 100): JsonSchema {
  return { type: 'string', pattern: `^${ID_DIGITS}(?:,${ID_DIGITS}){0,${max - 1}}$`, maxLength: max * 11 };
}

/** Text of at most `max` characters (and at least `min`). NUL bytes are refused for every route by the input guard. */
export function text(max: number, min = 0): JsonSchema {
  return { type: 'string', minLength: min, maxLength: max };
}
