/**
 * Bulk work yields to interactive work: a thread that moves bytes (the storage thread's uploads) asks
 * the kernel to run it at a lower priority, so when the cores are all busy the API's thread, which
 * answers people, runs first. Linux schedules threads, not processes, and setpriority(2) on a
 * thread id changes that thread alone (the id is read from /proc/thread-self). Elsewhere, or where it
 * is refused, nothing changes.
 */
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Nice value of a bulk thread: 10 gives it about a tenth of the CPU of a thread at 0 when both want a core. */
export const BULK_THREAD_NICE = 10;

/** The calling thread's id (Linux: /proc/thread-self is `<pid>/task/<tid>`), or null elsewhere. */
function thisThreadId(): number | null {
  if (process.platform !== 'linux') return null;
  try {
    const threadId = Number(path.basename(readlinkSync('/proc/thread-self')));
    return Number.isInteger(threadId) && threadId > 0 ? threadId : null;
  } catch {
    return null;
  }
}

/** Lowers the calling thread's priority; returns the nice value now in force, or null when it could not be set. */
export function lowerThisThreadsPriority(nice = BULK_THREAD_NICE): number | null {
  const threadId = thisThreadId();
  if (threadId === null) return null;
  try {
    os.setPriority(threadId, Math.max(nice, os.getPriority(threadId)));
    return os.getPriority(threadId);
  } catch {
    return null;
  }
}

/** The calling thread's nice value (Linux), for tests and logs. */
export function thisThreadsNice(): number | null {
  const threadId = thisThreadId();
  return threadId === null ? null : os.getPriority(threadId);
}
