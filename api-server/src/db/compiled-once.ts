/**
 * A fixed-shape statement compiled to SQL once per database instead of built by Kysely's query
 * builder on every call: building and compiling a statement of a few joins costs more CPU than
 * sending it (a tenth of the server's CPU per request, measured on the signed calls). For the
 * statements every request sends (the nonce claim); the builder stays the one description of them.
 *
 * `build` is called once with `sample`, whose values must be distinct sentinels (distinct strings,
 * distinct Date objects): each becomes a parameter of the compiled statement, found by identity, and
 * later calls put their own values in those places. `build` must pass its values through untouched
 * (no arithmetic on them, no branching on them).
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema';

interface Compiled<Values> {
  sql: string;
  /** Per parameter: the value's name, or the constant the builder put there. */
  slots: Array<{ name: keyof Values } | { constant: unknown }>;
}

export function compiledOnce<Values extends Record<string, string | Date>, Row>(
  sample: Values,
  build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
): (db: Kysely<Database>, values: Values) => Promise<Row[]> {
  const byDatabase = new WeakMap<Kysely<Database>, Compiled<Values>>();
  const names = Object.keys(sample) as Array<keyof Values>;
  const compile = (db: Kysely<Database>): Compiled<Values> => {
    const { sql, parameters } = build(db, sample).compile();
    const slots = parameters.map((parameter) => {
      const name = names.find((key) => sample[key] === parameter);
      return name === undefined ? { constant: parameter } : { name };
    });
    const missing = names.filter((name) => !slots.some((slot) => 'name' in slot && slot.name === name));
    if (missing.length) throw new Error(`compiledOnce: ${missing.join(', ')} did not reach the statement as parameters`);
    return { sql, slots };
  };
  return async (db, values) => {
    let compiled = byDatabase.get(db);
    if (!compiled) byDatabase.set(db, (compiled = compile(db)));
    const parameters = compiled.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant));
    return (await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
