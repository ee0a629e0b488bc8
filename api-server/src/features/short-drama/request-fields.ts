/**
 * Plain JSON-schema fields of the short-drama calls, until they are served from the contract
 * (issue 24): then the contract's schemas replace this file.
 */
import type { JsonSchema } from '../../lib/schemas';

/** PostgreSQL text cannot hold NUL: refused as a parameter error (1002), never a 5xx. */
export const text = (maxLength: number, fallback?: string): JsonSchema => ({
  type: 'string',
  maxLength,
  pattern: '^[^\\u0000]*$',
  ...(fallback === undefined ? {} : { default: fallback }),
});
export const id: JsonSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
export const optionalId: JsonSchema = { type: 'integer', minimum: 0, maximum: 2_147_483_647, default: 0 };
