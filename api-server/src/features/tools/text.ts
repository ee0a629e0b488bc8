/**
 * Small pieces the creator-tool features share (certification, jobs, short drama): free-text schema
 * fields that can never reach the database with a NUL byte, time formatting, the refusals.
 */
import { ApiCode } from 'shared-sdk/contract';
import { ApiError } from '../../lib/api-error';
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

export const invalid = (message: string): ApiError => new ApiError(ApiCode.INVALID_PARAMS, message);
export const forbidden = (message: string): ApiError => new ApiError(ApiCode.FORBIDDEN, message);
export const notFound = (message: string): ApiError => new ApiError(ApiCode.NOT_FOUND, message);
export const conflict = (message: string): ApiError => new ApiError(ApiCode.CONFLICT, message);

