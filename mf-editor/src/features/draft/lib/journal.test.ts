import '../../../testing/indexeddb';
import 'fake-indexeddb/auto';
import { emptyDocument } from 'shared-sdk/contract';
import { journal, journalKey, sameDocument } from './journal';

describe('journal', () => {
  it('keeps, replaces and removes a copy per draft and per new piece', async () => {
    const key = journalKey(7, { draftId: 12 });
    expect(key).toBe('u7:draft:12');
    expect(journalKey(7, { kind: 1 })).toBe('u7:new:1');
    expect(await journal.read(key)).toBeNull();
    const doc = { ...emptyDocument(1), title: '黄河边的清晨', content: '<p>第一句</p>' };
    await journal.write({ key, doc, draftId: 12, baseVersion: 3, changedAt: 1000, synced: false });
    await journal.write({ key, doc: { ...doc, content: '<p>第一句，第二句</p>' }, draftId: 12, baseVersion: 3, changedAt: 2000, synced: false });
    const read = await journal.read(key);
    expect(read?.doc.content).toBe('<p>第一句，第二句</p>');
    expect(read?.changedAt).toBe(2000);
    await journal.remove(key);
    expect(await journal.read(key)).toBeNull();
  });

  it('compares documents by content', () => {
    const doc = emptyDocument(3);
    expect(sameDocument(doc, { ...doc, images: [] })).toBe(true);
    expect(sameDocument(doc, { ...doc, images: [{ url: 'https://a/1.png', caption: '' }] })).toBe(false);
  });
});
