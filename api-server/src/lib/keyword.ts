/** A keyword typed into a search box, as SQL matches it. */
import { sql } from 'kysely';

/** An ILIKE pattern matching the keyword anywhere, its wildcards taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * "The title holds the keyword", case-insensitively: what `title ILIKE pattern` computes in a
 * multibyte database (both sides lower-cased by `lower()`), on the stored lower-cased title of
 * migration 0140, which the lists' date-ordered indexes carry, so a walk checks it index-only.
 */
export const titleHolds = (keyword: string) => sql<boolean>`title_lower like lower(${containsPattern(keyword)})`;
