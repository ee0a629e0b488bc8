import {
  EDITOR_LIMITS,
  EditorCode,
  SaveType,
  toArticleAddRequest,
  type ArticleAddAnswer,
  type EditorDocument,
  type VersionConflictData,
} from 'shared-sdk/contract';
import { editor, refusalData } from 'shared-sdk/contract/calls';
import { editorCalls } from '../../../api/editor-calls';
import { journal, journalKey } from './journal';

export type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: number } | { kind: 'offline' } | { kind: 'error'; message: string };

export interface SyncSnapshot {
  state: SaveState;
  dirty: boolean;
  draftId: number | null;
  version: number | null;
  conflict: VersionConflictData | null;
}

export interface DraftSyncOptions {
  kind: number;
  userId: number;
  draftId: number | null;
  version: number | null;
  manuscriptId: number | null;
  now?: () => number;
  isOnline?: () => boolean;
}

interface Failure {
  kind?: string;
  code?: number;
  message?: string;
  data?: unknown;
}

export interface TabMessage {
  type: 'saved';
  draftId: number;
  version: number;
  updateTime: string;
  tab: string;
}

const TAB_ID = Math.random().toString(36).slice(2);

/**
 * How long a due journal write may wait for an idle moment of the page: half the journal delay on the
 * timer plus this stays within the second the journal promises, with 100 ms left for IndexedDB.
 */
const JOURNAL_IDLE_WAIT_MS = EDITOR_LIMITS.JOURNAL_DELAY_MS / 2 - 100;

/**
 * Runs `task` in an idle moment of the page, at the latest after `timeout` ms. A journal write reads
 * and copies the whole document (about 10 ms in a 50,000-character article on a slow machine); run
 * from a plain timer it lands in the middle of typing and the next keystroke waits behind it, while
 * an idle callback runs it between keystrokes, after a frame is painted. Where the browser has no
 * idle callbacks (tests), at once.
 */
/**
 * How long the journal's bookkeeping after a server answer may hold back the next server write. The
 * server already has the text; a stalled IndexedDB (storage full, a browser quirk) must not keep a
 * 发布 from being sent.
 */
const JOURNAL_SETTLE_MS = 2_000;

/**
 * Journal work after the server has the text: its failure is not the save's failure, and it waits at
 * most JOURNAL_SETTLE_MS. IndexedDB runs transactions in the order they were started, so a later
 * entry still lands after this one.
 */
async function bookkeeping(work: () => Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, JOURNAL_SETTLE_MS);
  });
  await Promise.race([work().catch(() => undefined), stalled]);
  clearTimeout(timer);
}

function whenIdle(task: () => void, timeout: number): { cancel(): void } {
  if (typeof requestIdleCallback !== 'function') {
    task();
    return { cancel: () => undefined };
  }
  const id = requestIdleCallback(task, { timeout });
  return { cancel: () => cancelIdleCallback(id) };
}

/**
 * The life of one piece being written: journals every change in the browser within a second,
 * saves to the server 3 s after typing stops and at least every 60 s while it goes on, carries the
 * base version on every save, and turns a stale-version answer into a conflict for the creator to
 * settle. No React here, so its timing is tested with fake timers.
 */
export class DraftSync {
  private snapshot: SyncSnapshot;
  private listeners = new Set<(snapshot: SyncSnapshot) => void>();
  private changeSeq = 0;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private maxTimer: ReturnType<typeof setTimeout> | null = null;
  private journalTimer: ReturnType<typeof setTimeout> | null = null;
  private journalIdle: { cancel(): void } | null = null;
  /** Server writes run one after another, so each sends the version the previous one left. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Published or scheduled: the draft is now a manuscript and no later save may recreate it. */
  private closed = false;
  private readonly now: () => number;
  private readonly isOnline: () => boolean;
  /** The screen's document as it stands; set by the screen once its form is mounted. */
  private getDoc: () => EditorDocument = () => {
    throw new Error('DraftSync has no document source');
  };
  /** Tells the other tabs of this browser about each save. */
  private channel: Pick<BroadcastChannel, 'postMessage'> | null = null;

  setSource(getDoc: () => EditorDocument): void {
    this.getDoc = getDoc;
  }

  setChannel(channel: Pick<BroadcastChannel, 'postMessage'> | null): void {
    this.channel = channel;
  }

  constructor(private readonly options: DraftSyncOptions) {
    this.now = options.now ?? Date.now;
    this.isOnline = options.isOnline ?? (() => navigator.onLine);
    this.snapshot = { state: { kind: 'idle' }, dirty: false, draftId: options.draftId, version: options.version, conflict: null };
  }

  get current(): SyncSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (snapshot: SyncSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(patch: Partial<SyncSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener(this.snapshot);
  }

  private get key(): string {
    const { draftId } = this.snapshot;
    return journalKey(this.options.userId, draftId ? { draftId } : { kind: this.options.kind });
  }

  /** Every user edit: journal within a second, autosave after 3 s of quiet or 60 s of typing. */
  changed(): void {
    this.changeSeq += 1;
    if (!this.snapshot.dirty) this.update({ dirty: true });
    this.journalTimer ??= setTimeout(() => {
      // Without IndexedDB the server saves still run; there is only no copy in the browser.
      this.journalIdle = whenIdle(() => void this.writeJournal().catch(() => undefined), JOURNAL_IDLE_WAIT_MS);
    }, EDITOR_LIMITS.JOURNAL_DELAY_MS / 2);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.save(), EDITOR_LIMITS.AUTOSAVE_IDLE_MS);
    this.maxTimer ??= setTimeout(() => void this.save(), EDITOR_LIMITS.AUTOSAVE_MAX_INTERVAL_MS);
  }

  async writeJournal(): Promise<void> {
    if (this.journalTimer) clearTimeout(this.journalTimer);
    this.journalIdle?.cancel();
    this.journalTimer = null;
    this.journalIdle = null;
    const { draftId, version } = this.snapshot;
    await journal.write({ key: this.key, doc: this.getDoc(), draftId, baseVersion: version, changedAt: this.now(), synced: false });
  }

  private clearTimers(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.maxTimer) clearTimeout(this.maxTimer);
    this.idleTimer = null;
    this.maxTimer = null;
  }

  /**
   * Runs one server write after every write started before it has settled. Autosave timers, 保存草稿,
   * reconnecting and 发布 can all fire together; two of them sending the same base version would make
   * the server see a conflict with ourselves.
   */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Saves the draft now (autosave, 保存草稿, reconnect). Offline, the journal keeps it. */
  save(options: { asCopy?: boolean; baseVersion?: number } = {}): Promise<boolean> {
    return this.serial(async () => {
      if (this.closed) return false;
      if (this.snapshot.conflict && options.baseVersion === undefined && !options.asCopy) return false;
      this.clearTimers();
      if (!this.isOnline()) {
        if (this.journalTimer) await bookkeeping(() => this.writeJournal());
        this.update({ state: { kind: 'offline' } });
        return false;
      }
      const seq = this.changeSeq;
      const doc = this.getDoc();
      const newKey = this.key;
      this.update({ state: { kind: 'saving' } });
      const { draftId, version } = this.snapshot;
      try {
        const answer = await editorCalls.save(
          toArticleAddRequest(doc, {
            save_type: SaveType.DRAFT,
            ...(draftId && !options.asCopy ? { draft_id: draftId, base_version: options.baseVersion ?? version ?? undefined } : {}),
            ...(this.options.manuscriptId && !options.asCopy ? { manuscript_id: this.options.manuscriptId } : {}),
          }),
        );
        await this.settled(answer, doc, seq, newKey);
      } catch (error) {
        this.failed(error as Failure);
        return false;
      }
      if (this.snapshot.dirty) this.changed();
      return true;
    });
  }

  private async settled(answer: ArticleAddAnswer, doc: EditorDocument, seq: number, previousKey: string): Promise<void> {
    const clean = seq === this.changeSeq;
    this.update({ draftId: answer.draft_id, version: answer.version, dirty: !clean, conflict: null, state: { kind: 'saved', at: this.now() } });
    const key = this.key;
    await bookkeeping(async () => {
      if (previousKey !== key) await journal.remove(previousKey);
      await journal.write({ key, doc, draftId: answer.draft_id, baseVersion: answer.version, changedAt: this.now(), synced: clean });
    });
    this.channel?.postMessage({
      type: 'saved',
      draftId: answer.draft_id,
      version: answer.version,
      updateTime: answer.update_time,
      tab: TAB_ID,
    } satisfies TabMessage);
  }

  private failed(error: Failure): void {
    // A stale base: the save's declared refusal (1020) carries the server's current version.
    const conflict = refusalData(editor.articleAdd, error, EditorCode.VERSION_CONFLICT);
    if (conflict) {
      this.update({ conflict, state: { kind: 'idle' } });
    } else if (error.kind === 'network') {
      this.update({ state: { kind: 'offline' } });
    } else if (error.kind !== 'token-expired' && error.kind !== 'canceled') {
      this.update({ state: { kind: 'error', message: error.message ?? '保存失败' } });
    }
  }

  /** Publish (save_type 2) or schedule (3): the draft becomes a manuscript; the journal entry goes. */
  publish(saveType: 2 | 3, publishTime?: string): Promise<ArticleAddAnswer | null> {
    this.clearTimers();
    return this.serial(async () => {
      if (this.closed) return null;
      this.clearTimers();
      const doc = this.getDoc();
      const { draftId, version } = this.snapshot;
      try {
        const answer = await editorCalls.save(
          toArticleAddRequest(doc, {
            save_type: saveType,
            ...(draftId ? { draft_id: draftId, base_version: version ?? undefined } : {}),
            ...(this.options.manuscriptId ? { manuscript_id: this.options.manuscriptId } : {}),
            ...(publishTime ? { publish_time: publishTime } : {}),
          }),
        );
        this.closed = true;
        const key = this.key;
        await bookkeeping(() => journal.remove(key));
        this.update({ dirty: false, draftId: answer.draft_id, version: answer.version, state: { kind: 'saved', at: this.now() } });
        return answer;
      } catch (error) {
        this.failed(error as Failure);
        // Refused (a rule, a conflict, the network): what was typed still goes to the server as a draft.
        if (this.snapshot.dirty) this.changed();
        throw error;
      }
    });
  }

  /** Another tab saved this draft: a clean tab takes it over, a tab with edits gets the conflict. */
  heard(message: TabMessage): 'ignore' | 'reload' | 'conflict' {
    if (message.tab === TAB_ID || message.draftId !== this.snapshot.draftId) return 'ignore';
    if (this.snapshot.version !== null && message.version <= this.snapshot.version) return 'ignore';
    if (!this.snapshot.dirty) return 'reload';
    this.update({ conflict: { draft_id: message.draftId, version: message.version, update_time: message.updateTime } });
    return 'conflict';
  }

  /** After the server's copy was loaded into the screen (加载另一版本, or another tab's save). */
  async adopted(doc: EditorDocument, version: number): Promise<void> {
    this.clearTimers();
    this.changeSeq += 1;
    this.update({ version, dirty: false, conflict: null, state: { kind: 'saved', at: this.now() } });
    const key = this.key;
    await bookkeeping(() => journal.write({ key, doc, draftId: this.snapshot.draftId, baseVersion: version, changedAt: this.now(), synced: true }));
  }

  dispose(): void {
    this.clearTimers();
    if (this.journalTimer) clearTimeout(this.journalTimer);
    this.journalIdle?.cancel();
    this.listeners.clear();
  }
}
