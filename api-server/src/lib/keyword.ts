/** A keyword typed into a search box, as SQL matches it. */

/** An ILIKE pattern matching the keyword anywhere, its wildcards taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
