/**
 * The installed @types/node (20.9) predates TypeScript's generic typed arrays, so TypeScript 6 no
 * longer accepts a Buffer where node:crypto or node:fs ask for bytes. A Uint8Array view over the same
 * memory (no copy) satisfies both. Remove once @types/node is raised to a release that knows them.
 */
export function bytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
