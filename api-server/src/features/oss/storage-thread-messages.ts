/** What the API thread and the storage thread (storage-thread.ts) say to each other. */
import type { AppConfig } from '../../config';

/** The storage thread's `workerData`. */
export interface ThreadSetup {
  config: AppConfig;
  /** The API's upload-credential secret, so credentials it minted check out in the thread. */
  uploadSecret: Uint8Array;
}

/** From the storage thread. */
export type ToApi =
  | { type: 'listening'; port: number }
  | { type: 'failed'; message: string }
  | { type: 'session'; id: number; sessionId: number }
  /** Upload bytes stored since the previous message (for the API's /metrics), sent at most once a second. */
  | { type: 'stored'; bytes: number };

/** To the storage thread. `usable: null`: the check itself failed (the database). */
export type ToStorage = { type: 'session'; id: number; usable: boolean | null } | { type: 'close' };
