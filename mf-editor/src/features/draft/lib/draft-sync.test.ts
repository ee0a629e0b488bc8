import '../../../testing/indexeddb';
import 'fake-indexeddb/auto';
import { emptyDocument, type EditorDocument } from 'shared-sdk/contract';
import { editorCalls } from '../../../api/editor-calls';
import { DraftSync } from './draft-sync';
import { journal } from './journal';

jest.mock('../../../api/editor-calls', () => ({ editorCalls: { save: jest.fn() } }));
const save = editorCalls.save as jest.Mock;

let doc: EditorDocument;
let online = true;

function makeSync(draftId: number | null = 9, version: number | null = 1) {
  const sync = new DraftSync({ kind: 1, userId: 1, draftId, version, manuscriptId: null, now: () => 1_700_000_000_000, isOnline: () => online });
  sync.setSource(() => doc);
  return sync;
}

async function flush() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

beforeEach(() => {
  jest.useFakeTimers();
  online = true;
  doc = { ...emptyDocument(1), title: '郑州的秋天', content: '<p>一</p>' };
  let version = 1;
  save.mockReset().mockImplementation(async () => ({
    draft_id: 9,
    version: ++version,
    update_time: '2026-11-23 10:00:00',
    manuscript_id: null,
    status: null,
    publish_time: null,
  }));
});
afterEach(() => jest.useRealTimers());

describe('DraftSync', () => {
  it('saves 3 s after typing stops, with the base version', async () => {
    const sync = makeSync();
    sync.changed();
    await jest.advanceTimersByTimeAsync(2_900);
    expect(save).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(200);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0]).toMatchObject({ save_type: 1, draft_id: 9, base_version: 1, title: '郑州的秋天' });
    expect(sync.current).toMatchObject({ dirty: false, version: 2, state: { kind: 'saved' } });
  });

  it('saves at least every 60 s while typing goes on', async () => {
    const sync = makeSync();
    for (let t = 0; t < 59; t += 1) {
      sync.changed();
      await jest.advanceTimersByTimeAsync(1_000);
    }
    expect(save).not.toHaveBeenCalled();
    sync.changed();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('journals every change within a second, and offline keeps it there', async () => {
    online = false;
    const sync = makeSync();
    doc = { ...doc, content: '<p>离线写的字</p>' };
    sync.changed();
    await jest.advanceTimersByTimeAsync(1_000);
    expect((await journal.read('u1:draft:9'))?.doc.content).toBe('<p>离线写的字</p>');
    await jest.advanceTimersByTimeAsync(3_000);
    expect(save).not.toHaveBeenCalled();
    expect(sync.current.state).toEqual({ kind: 'offline' });
    online = true;
    await sync.save();
    expect(save).toHaveBeenCalledTimes(1);
    expect((await journal.read('u1:draft:9'))?.synced).toBe(true);
  });

  it('a stale version becomes a conflict: no more autosaves until the creator chooses', async () => {
    save.mockRejectedValueOnce({
      kind: 'business',
      code: 1020,
      message: '草稿已在其他页面更新，请选择保留哪个版本',
      data: { draft_id: 9, version: 5, update_time: 'x' },
    });
    const sync = makeSync();
    sync.changed();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(sync.current.conflict).toEqual({ draft_id: 9, version: 5, update_time: 'x' });
    sync.changed();
    await jest.advanceTimersByTimeAsync(61_000);
    expect(save).toHaveBeenCalledTimes(1);
    await sync.save({ baseVersion: 5 });
    expect(save.mock.calls[1][0]).toMatchObject({ draft_id: 9, base_version: 5 });
    expect(sync.current.conflict).toBeNull();
  });

  it('another tab saving the draft: a tab with edits gets the conflict, a clean one reloads', async () => {
    const sync = makeSync();
    expect(sync.heard({ type: 'saved', draftId: 9, version: 2, updateTime: 't', tab: 'other' })).toBe('reload');
    sync.changed();
    expect(sync.heard({ type: 'saved', draftId: 9, version: 3, updateTime: 't', tab: 'other' })).toBe('conflict');
    expect(sync.current.conflict?.version).toBe(3);
    expect(sync.heard({ type: 'saved', draftId: 8, version: 9, updateTime: 't', tab: 'other' })).toBe('ignore');
  });

  it('journals in an idle moment of the page, and within a second on a page that is never idle', async () => {
    const scope = globalThis as { requestIdleCallback?: typeof requestIdleCallback; cancelIdleCallback?: typeof cancelIdleCallback };
    const original = { request: scope.requestIdleCallback, cancel: scope.cancelIdleCallback };
    // A page busy all the time (long typing in a long article): idle callbacks run only when their timeout is up.
    scope.requestIdleCallback = (task, options) =>
      setTimeout(() => task({ didTimeout: true, timeRemaining: () => 0 }), options?.timeout ?? 0) as unknown as number;
    scope.cancelIdleCallback = (id) => clearTimeout(id);
    try {
      const sync = makeSync(3);
      doc = { ...doc, content: '<p>忙的时候写的字</p>' };
      sync.changed();
      await jest.advanceTimersByTimeAsync(600);
      expect(await journal.read('u1:draft:3')).toBeNull();
      await jest.advanceTimersByTimeAsync(400);
      expect((await journal.read('u1:draft:3'))?.doc.content).toBe('<p>忙的时候写的字</p>');
      sync.dispose();
    } finally {
      scope.requestIdleCallback = original.request;
      scope.cancelIdleCallback = original.cancel;
    }
  });

  it('saves and a publish started together go one after another, each with the version the last one left', async () => {
    let release: () => void = () => undefined;
    let version = 1;
    save.mockReset().mockImplementation(async (request: { save_type: number }) => {
      await new Promise<void>((resolve) => (release = resolve));
      version += 1;
      return {
        draft_id: 9,
        version,
        update_time: '2026-11-23 10:00:00',
        manuscript_id: request.save_type === 2 ? 40 : null,
        status: request.save_type === 2 ? 5 : null,
        publish_time: null,
      };
    });
    const sync = makeSync();
    sync.changed();
    const first = sync.save();
    const second = sync.save();
    const published = sync.publish(2);
    for (let calls = 1; calls <= 3; calls += 1) {
      // The journal (IndexedDB) settles on timers, so time moves on until the next write is sent.
      while (save.mock.calls.length < calls) await jest.advanceTimersByTimeAsync(1);
      expect(save).toHaveBeenCalledTimes(calls);
      release();
    }
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    await expect(published).resolves.toMatchObject({ manuscript_id: 40 });
    expect(save.mock.calls.map(([request]) => [request.save_type, request.base_version])).toEqual([
      [1, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(sync.current.conflict).toBeNull();
    // Published: the draft is a manuscript now; a late autosave must not write it again.
    await expect(sync.save()).resolves.toBe(false);
    expect(save).toHaveBeenCalledTimes(3);
  });

  it('a refused publish leaves the text to be saved as a draft', async () => {
    const sync = makeSync();
    sync.changed();
    save.mockRejectedValueOnce({ kind: 'business', code: 1001, message: '合集只能收录已发布的作品' });
    await expect(sync.publish(2)).rejects.toMatchObject({ message: '合集只能收录已发布的作品' });
    await jest.advanceTimersByTimeAsync(3_100);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1][0]).toMatchObject({ save_type: 1, draft_id: 9 });
    expect(sync.current.dirty).toBe(false);
  });

  it('a journal that stalls or fails neither fails a save the server took nor holds back 发布', async () => {
    const sync = makeSync();
    const write = jest.spyOn(journal, 'write').mockReturnValue(new Promise<void>(() => undefined));
    const remove = jest.spyOn(journal, 'remove').mockRejectedValue(new Error('QuotaExceededError'));
    try {
      sync.changed();
      await jest.advanceTimersByTimeAsync(3_100);
      expect(save).toHaveBeenCalledTimes(1);
      const published = sync.publish(2);
      // The autosave's journal entry never settles: the publish goes out once it has waited 2 s.
      await jest.advanceTimersByTimeAsync(2_000);
      expect(save).toHaveBeenCalledTimes(2);
      expect(save.mock.calls[1][0]).toMatchObject({ save_type: 2, draft_id: 9, base_version: 2 });
      // Removing the journal entry fails: the manuscript exists all the same.
      await expect(published).resolves.toMatchObject({ draft_id: 9, version: 3 });
      expect(sync.current.state.kind).toBe('saved');
    } finally {
      write.mockRestore();
      remove.mockRestore();
    }
  });

  it('a new piece is journaled under its kind until the server gives it an id', async () => {
    const sync = makeSync(null, null);
    sync.changed();
    await jest.advanceTimersByTimeAsync(600);
    expect(await journal.read('u1:new:1')).not.toBeNull();
    await jest.advanceTimersByTimeAsync(3_000);
    await flush();
    expect(save.mock.calls[0][0].draft_id).toBeUndefined();
    expect(await journal.read('u1:new:1')).toBeNull();
    expect((await journal.read('u1:draft:9'))?.synced).toBe(true);
  });
});
