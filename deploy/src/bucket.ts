/**
 * Which version of a remote a user gets. Pure and free of Node imports: the host bundle runs this
 * in the browser, and the server may run it to answer the same question identically.
 */
import type { RolloutChoiceInput } from './rollout/types';

export type ChoiceReason = 'pin' | 'override' | 'canary' | 'stable';

export interface VersionChoice {
  version: string;
  reason: ChoiceReason;
}

/**
 * FNV-1a over the UTF-16 code units, 32 bits, followed by murmur3's finaliser: FNV alone spreads
 * short, similar keys (`user-1`, `user-2`…) unevenly over `% 100`; the finaliser mixes every bit.
 */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The user's bucket for a remote, 0–99. The same inputs always give the same bucket (stickiness). */
export function bucketOf(userId: string, remote: string, salt: string): number {
  // Separators keep ("ab", "c") and ("a", "bc") apart.
  return hash32(`${userId}\u0000${remote}\u0000${salt}`) % 100;
}

/**
 * Pin first, then a QA override (honoured only for users on the remote's QA list), then the sticky
 * canary bucket, then stable. Null when the remote has no stable yet and the user is not on a canary.
 */
export function chooseVersion(entry: RolloutChoiceInput, userId: string, remote: string, salt: string, override?: string | null): VersionChoice | null {
  const pinned = entry.pins[userId];
  if (pinned) return { version: pinned, reason: 'pin' };
  if (override && entry.qaUsers.includes(userId)) return { version: override, reason: 'override' };
  if (entry.canary && !entry.canary.paused && bucketOf(userId, remote, salt) < entry.canary.percent) {
    return { version: entry.canary.version, reason: 'canary' };
  }
  return entry.stable ? { version: entry.stable.version, reason: 'stable' } : null;
}
