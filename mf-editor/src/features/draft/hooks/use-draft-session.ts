import { useEffect, useState } from 'react';
import type { EditorDocument } from 'shared-sdk/contract';
import { DraftSync, type SyncSnapshot, type TabMessage } from '../lib/draft-sync';
import type { LoadedDraft } from './use-draft-loader';

export const TAB_CHANNEL = 'mf-editor-drafts';

export interface DraftSessionOptions {
  kind: number;
  userId: number;
  loaded: LoadedDraft;
  getDoc: () => EditorDocument;
}

/**
 * Binds a DraftSync to the page: the BroadcastChannel between tabs, reconnects, and the question
 * before leaving with unsaved changes. `otherTabSaved` names a draft another tab saved while this
 * one had no edits, for the screen to load.
 */
export function useDraftSession({ kind, userId, loaded, getDoc }: DraftSessionOptions) {
  const [sync] = useState(() => new DraftSync({ kind, userId, draftId: loaded.draftId, version: loaded.version, manuscriptId: loaded.manuscriptId }));
  const [snapshot, setSnapshot] = useState<SyncSnapshot>(sync.current);
  const [otherTabSaved, setOtherTabSaved] = useState<{ draftId: number; at: number } | null>(null);

  useEffect(() => {
    sync.setSource(getDoc);
  }, [sync, getDoc]);

  useEffect(() => {
    const unsubscribe = sync.subscribe(setSnapshot);
    if (loaded.prefilled) sync.changed();
    return () => {
      unsubscribe();
      sync.dispose();
    };
  }, [sync, loaded]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(TAB_CHANNEL);
    sync.setChannel(channel);
    channel.onmessage = (event: MessageEvent<TabMessage>) => {
      if (sync.heard(event.data) === 'reload') setOtherTabSaved({ draftId: event.data.draftId, at: Date.now() });
    };
    return () => {
      sync.setChannel(null);
      channel.close();
    };
  }, [sync]);

  useEffect(() => {
    const reconnect = () => {
      if (sync.current.dirty) void sync.save();
    };
    // Leaving with changes the server does not have yet asks first (the journal keeps them anyway).
    const leave = (event: BeforeUnloadEvent) => {
      if (!sync.current.dirty && sync.current.state.kind !== 'saving') return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('online', reconnect);
    window.addEventListener('offline', reconnect);
    window.addEventListener('beforeunload', leave);
    return () => {
      window.removeEventListener('online', reconnect);
      window.removeEventListener('offline', reconnect);
      window.removeEventListener('beforeunload', leave);
    };
  }, [sync]);

  return { sync, snapshot, otherTabSaved };
}
