/**
 * At most `max` uses per user in a sliding window, per server. For calls that make this server do
 * expensive work for the caller (download an image, ask a paid AI provider), where the global
 * per-address ceiling is far too loose.
 */
export function perUserLimiter(max: number, windowMs = 60_000, now: () => number = Date.now): (userId: number) => boolean {
  const recent = new Map<number, number[]>();
  return (userId) => {
    const t = now();
    const kept = (recent.get(userId) ?? []).filter((at) => t - at < windowMs);
    const allowed = kept.length < max;
    if (allowed) kept.push(t);
    if (kept.length) recent.set(userId, kept);
    else recent.delete(userId);
    return allowed;
  };
}
