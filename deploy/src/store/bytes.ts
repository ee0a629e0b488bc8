/**
 * The workspace's @types/node (20.9) predates TypeScript's generic typed arrays, so TypeScript 6
 * refuses a Buffer where node:fs and node:crypto ask for bytes. A Uint8Array view over the same
 * memory (no copy) satisfies both. Remove once @types/node is raised.
 */
export function bytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
