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
