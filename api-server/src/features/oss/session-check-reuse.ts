/**
 * The storage thread's session checks, reused for a moment. Every write asks the API's thread whether
 * the login session behind its credentials is still usable, and that thread answers with a database
 * read. On the embedded database a read holds the API's thread for 1–13 ms when the cores are busy
 * with the upload itself, and a 1 GB upload is a hundred parts, four at a time: the reads alone were
 * the longest stalls of the API's event loop during an upload. So:
 *   - checks of one session that overlap are one question (four parallel parts, one read);
 *   - a "usable" answer stands for `reuseMs` (a second) after it came: a logout or a ban reaches an
 *     upload within that second, as a part already under way when it happens finishes anyway;
 *   - "not usable" and failed checks are never reused: the next write asks again.
 */
export const SESSION_CHECK_REUSE_MS = 1000;

/** Past this many remembered sessions, the stale ones are forgotten. */
const SWEEP_AT = 1000;

export function reuseSessionChecks(
  check: (sessionId: number) => Promise<boolean>,
  reuseMs = SESSION_CHECK_REUSE_MS,
  now: () => number = () => performance.now(),
): (sessionId: number) => Promise<boolean> {
  const usableUntil = new Map<number, number>();
  const asking = new Map<number, Promise<boolean>>();
  return (sessionId) => {
    const until = usableUntil.get(sessionId);
    if (until !== undefined && now() < until) return Promise.resolve(true);
    usableUntil.delete(sessionId);
    const pending = asking.get(sessionId);
    if (pending) return pending;
    const asked = now();
    const answer = check(sessionId).then(
      (usable) => {
        asking.delete(sessionId);
        if (usable) {
          if (usableUntil.size >= SWEEP_AT) for (const [id, end] of usableUntil) if (end <= now()) usableUntil.delete(id);
          // Counted from the question: the database said "usable" at some moment after it.
          usableUntil.set(sessionId, asked + reuseMs);
        }
        return usable;
      },
      (error: unknown) => {
        asking.delete(sessionId);
        throw error;
      },
    );
    asking.set(sessionId, answer);
    return answer;
  };
}
