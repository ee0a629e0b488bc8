import type { EditorDocument } from 'shared-sdk/contract';

/**
 * The browser's own copy of every draft being written (IndexedDB), so a crash, a closed tab or a
 * dropped network never costs a keystroke. One entry per draft (`u<user>:draft:<id>`) or per new,
 * never-saved piece of a kind (`u<user>:new:<kind>`).
 */
export interface JournalEntry {
  key: string;
  doc: EditorDocument;
  draftId: number | null;
  /** The server version this copy was based on (null: never reached the server). */
  baseVersion: number | null;
  /** Epoch ms of the last change. */
  changedAt: number;
  /** True once the server holds exactly this copy. */
  synced: boolean;
}

const DB_NAME = 'mf-editor-journal';
const STORE = 'entries';

export function journalKey(userId: number, target: { draftId: number } | { kind: number }): string {
  return 'draftId' in target ? `u${userId}:draft:${target.draftId}` : `u${userId}:new:${target.kind}`;
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB unavailable'));
    };
    request.onblocked = () => {
      opening = null;
      reject(new Error('IndexedDB is held by another version of this page'));
    };
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
    // A transaction the browser aborts (storage full, the database closed under it) fires no error.
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export const journal = {
  read: async (key: string): Promise<JournalEntry | null> => (await run('readonly', (store) => store.get(key) as IDBRequest<JournalEntry | undefined>)) ?? null,
  write: async (entry: JournalEntry): Promise<void> => {
    await run('readwrite', (store) => store.put(entry));
  },
  remove: async (key: string): Promise<void> => {
    await run('readwrite', (store) => store.delete(key));
  },
};

/** Whether two documents say the same thing (the order of their fields does not matter). */
export function sameDocument(a: EditorDocument, b: EditorDocument): boolean {
  const keys = Object.keys(a) as (keyof EditorDocument)[];
  return keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
