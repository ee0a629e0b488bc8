/**
 * Building blocks of the contract's schemas (TypeBox: JSON Schema with static types). The server
 * validates and serialises with these schemas; the browser takes only their types (`import type`),
 * so TypeBox never reaches a browser bundle.
 */
import { type Static, type TSchema, Type } from 'typebox';

/** The largest 32-bit integer: the tables' integer columns hold no more. */
export const INT32_MAX = 2_147_483_647;

/** A positive 32-bit id (1 … 2147483647): the range of the tables' serial ids. */
export const Id = Type.Integer({ minimum: 1, maximum: INT32_MAX });

/** Any 32-bit integer: a number the server checks itself afterwards, with its own message. */
export const Int32 = Type.Integer({ minimum: -INT32_MAX - 1, maximum: INT32_MAX });

/** A save call's `id`: omitted or 0 creates `what`, otherwise the id of the caller's record to update. */
export const IdOrNew = (what: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: INT32_MAX, default: 0, description: `omitted or 0 creates ${what}` }));

/** 1 … 2147483647 written in decimal, without leading zeros: ids compared with integer columns. */
const ID_DIGITS =
  '(?:[1-9]\\d{0,8}|1\\d{9}|20\\d{8}|21[0-3]\\d{7}|214[0-6]\\d{6}|2147[0-3]\\d{5}|21474[0-7]\\d{4}|214748[0-2]\\d{3}|2147483[0-5]\\d{2}|21474836[0-3]\\d|214748364[0-7])';

/**
 * A comma list of ids as the product's calls send them (`ids=3,5,8`), each within 32 bits, so no id can
 * overflow the integer column it is compared with; at most `max` of them.
 */
export const IdList = (max = 100) =>
  Type.String({ pattern: `^${ID_DIGITS}(?:,${ID_DIGITS}){0,${max - 1}}$`, maxLength: max * 11, description: `comma list of at most ${max} ids` });

/** Text of at most `max` characters (and at least `min`). NUL characters are refused for every route by the server's input guard. */
export const Text = (max: number, min = 0) => Type.String({ minLength: min, maxLength: max });

/** A closed set of values (`enum`): integers when they are numbers, so a query's "1" is coerced and matches. */
export const OneOf = <const T extends readonly string[] | readonly number[]>(values: T, options: { description?: string; default?: T[number] } = {}) =>
  Type.Unsafe<T[number]>({ type: typeof values[0] === 'number' ? 'integer' : 'string', enum: [...values], ...options });

/** The page a list call answers when it is asked for without `page`. */
export const FIRST_PAGE = 1;
/** The deepest `page` a list call takes unless it says otherwise (deeper: 1002). */
export const PAGE_MAX = 100_000;

/**
 * The paging fields of a list call's query or body, both optional: `page` (from 1, default 1, at
 * most `pageMax`) and the page's size (`size`, or the name the call gives it, such as the material
 * list's `per_page`: default `size`, at most `sizeMax`). Spread them into the call's schema.
 */
export function Paging<const N extends string = 'size'>(options: { size: number; sizeMax: number; pageMax?: number; sizeName?: N }) {
  const page = Type.Optional(Type.Integer({ minimum: 1, maximum: options.pageMax ?? PAGE_MAX, default: FIRST_PAGE }));
  const size = Type.Optional(Type.Integer({ minimum: 1, maximum: options.sizeMax, default: options.size }));
  return { page, [options.sizeName ?? 'size']: size } as { page: typeof page } & { [K in N]: typeof size };
}

/** `value` or `null` (a column that may be empty, a time not set yet). */
export const Nullable = <T extends TSchema>(value: T) => Type.Union([value, Type.Null()]);

export const CountData = Type.Object({ count: Type.Integer() });
export type CountData = Static<typeof CountData>;

/** The `data` of a call that answers nothing (`null`). */
export const NoData = Type.Null();

/** `{code, msg, data}` (docs/product.md §7): `data` is the call's answer, or null on a refusal. */
export const Envelope = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Union([data, Type.Null()]) });

/** The envelope of a refusal (`data` null): what a call that answers otherwise on success (an event stream) refuses with. */
export const Refusal = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Null() });
