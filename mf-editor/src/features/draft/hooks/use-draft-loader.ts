import { startTransition, useEffect, useState } from 'react';
import { emptyDocument, type EditorDocument, type EditorKind } from 'shared-sdk/contract';
import { editorCalls } from '../../../api/editor-calls';
import { documentOfDraft, documentOfManuscript, isBlank } from '../../../lib/documents';
import { journal, journalKey, sameDocument, type JournalEntry } from '../lib/journal';
import { prefillFromMaterial } from '../lib/prefill';

export interface LoadedDraft {
  doc: EditorDocument;
  draftId: number | null;
  version: number | null;
  manuscriptId: number | null;
  /** A newer local copy the creator may take back (after a crash or a closed tab). */
  localCopy: JournalEntry | null;
  /** The piece starts changed (a material pre-filled it): save it. */
  prefilled: boolean;
}

export interface LoadTarget {
  kind: EditorKind;
  userId: number;
  draftId: number | null;
  manuscriptId: number | null;
  materialId: number | null;
}

async function load(target: LoadTarget): Promise<LoadedDraft> {
  const { kind, userId } = target;
  if (target.draftId) {
    const draft = await editorCalls.showDraft(target.draftId);
    const doc = documentOfDraft(draft);
    const entry = await journal.read(journalKey(userId, { draftId: target.draftId }));
    const localCopy = entry && !entry.synced && !sameDocument(entry.doc, doc) ? entry : null;
    return { doc, draftId: draft.nd_id, version: draft.nd_version, manuscriptId: draft.nd_manuscript_id, localCopy, prefilled: false };
  }
  if (target.manuscriptId) {
    const doc = documentOfManuscript(await editorCalls.showManuscript(target.manuscriptId));
    return { doc, draftId: null, version: null, manuscriptId: target.manuscriptId, localCopy: null, prefilled: false };
  }
  const entry = await journal.read(journalKey(userId, { kind }));
  const localCopy = entry && !entry.synced && !isBlank(entry.doc) ? entry : null;
  if (target.materialId) {
    const material = await editorCalls.useMaterial({ material_id: target.materialId, type: kind });
    return { doc: prefillFromMaterial(emptyDocument(kind), material), draftId: null, version: null, manuscriptId: null, localCopy, prefilled: true };
  }
  return { doc: emptyDocument(kind), draftId: null, version: null, manuscriptId: null, localCopy, prefilled: false };
}

/** Opens what the URL names: a draft, a manuscript to edit, a material to start from, or a new piece. */
export function useDraftLoader(target: LoadTarget | null): { loaded: LoadedDraft | null; error: string | null } {
  const [state, setState] = useState<{ loaded: LoadedDraft | null; error: string | null }>({ loaded: null, error: null });
  const { kind, userId, draftId, manuscriptId, materialId } = target ?? { kind: 1, userId: 0, draftId: null, manuscriptId: null, materialId: null };
  const active = target !== null;
  useEffect(() => {
    if (!active) return;
    let live = true;
    load({ kind, userId, draftId, manuscriptId, materialId }).then(
      // The writing session (form, editor and their antd parts) mounts as a transition: React renders
      // it in slices, yielding to the browser between them. Set outside one, the state rendered it in
      // React's blocking loop (179-298 ms of render work in CPU profiles of cold /scriptWrite loads at 2x
      // CPU; the frame of that render 300-460 ms, now 60-70).
      (loaded) => live && startTransition(() => setState({ loaded, error: null })),
      (error: { message?: string }) => live && setState({ loaded: null, error: error.message ?? '加载失败' }),
    );
    return () => {
      live = false;
    };
  }, [active, kind, userId, draftId, manuscriptId, materialId]);
  return state;
}
