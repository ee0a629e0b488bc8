import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'shared-sdk/router';
import { App, Button, Drawer, Result, Space, Typography } from 'antd';
import { guardCreation } from 'shared-sdk';
import {
  banRangeOfKind,
  EDITOR_MESSAGES,
  ManuscriptStatus,
  validateEditorDocument,
  type ArticleAddAnswer,
  type EditorDocument,
  type EditorIssue,
  type EditorKind,
} from 'shared-sdk/contract';
import { editorCalls } from '../../../api/editor-calls';
import { useDraftSession } from '../hooks/use-draft-session';
import type { LoadedDraft } from '../hooks/use-draft-loader';
import { documentOfDraft } from '../../../lib/documents';
import { journal } from '../lib/journal';
import type { DocForm, DocFormHandle } from '../../../types/doc-form';
import { ConflictDialog, type ConflictChoice } from './conflict-dialog';
import { DocumentView } from './document-view';
import { HistoryDrawer } from './history-drawer';
import { RestoreLocalDialog } from './restore-local-dialog';
import { SaveStatus } from './save-status';

interface Props {
  kind: EditorKind;
  heading: string;
  Form: DocForm;
  loaded: LoadedDraft;
  userId: number;
}

// 定时发布's dialog, with antd's DatePicker (about 32 KB), loads when its button is first pointed at,
// focused or pressed: the screen's first load does not wait for it.
const loadScheduleDialog = () => import('./schedule-dialog');
const ScheduleDialog = lazy(async () => ({ default: (await loadScheduleDialog()).ScheduleDialog }));
const prefetchScheduleDialog = () => void loadScheduleDialog().catch(() => undefined);

/** One piece being written: the form, the status line and 预览 / 保存草稿 / 定时发布 / 发布. */
export function WritingSession({ kind, heading, Form, loaded, userId }: Props) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const form = useRef<DocFormHandle>(null);
  const [mounted, setMounted] = useState({ doc: loaded.doc, key: 0 });
  const [issues, setIssues] = useState<EditorIssue[]>([]);
  const [offer, setOffer] = useState(loaded.localCopy);
  const [preview, setPreview] = useState<EditorDocument | null>(null);
  const [history, setHistory] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const [scheduleShown, setScheduleShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState<ArticleAddAnswer | null>(null);
  const getDoc = useCallback(() => form.current?.getDoc() ?? mounted.doc, [mounted.doc]);
  const show = useCallback((doc: EditorDocument) => setMounted((now) => ({ doc, key: now.key + 1 })), []);

  const { sync, snapshot, otherTabSaved } = useDraftSession({ kind, userId, loaded, getDoc });

  const reloadFromServer = useCallback(
    async (draftId: number) => {
      const draft = await editorCalls.showDraft(draftId);
      const doc = documentOfDraft(draft);
      show(doc);
      await sync.adopted(doc, draft.nd_version);
    },
    [show, sync],
  );

  useEffect(() => {
    if (!otherTabSaved) return;
    let live = true;
    editorCalls.showDraft(otherTabSaved.draftId).then(
      (draft) => {
        if (!live) return;
        const doc = documentOfDraft(draft);
        show(doc);
        void sync.adopted(doc, draft.nd_version);
        void message.info('草稿已在其他页面更新，已载入最新内容');
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [otherTabSaved, show, sync, message]);

  // The URL names the draft once the server has it, so a reload reopens it (no router navigation:
  // the screen must not reload itself).
  useEffect(() => {
    if (!snapshot.draftId) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get('draftId') === String(snapshot.draftId)) return;
    url.searchParams.set('draftId', String(snapshot.draftId));
    url.searchParams.delete('materialId');
    window.history.replaceState(window.history.state, '', url);
  }, [snapshot.draftId]);

  const onChange = useCallback(() => sync.changed(), [sync]);
  const guard = () => guardCreation(banRangeOfKind(kind));
  const validDoc = (): EditorDocument | null => {
    const doc = getDoc();
    const found = validateEditorDocument(doc, true);
    setIssues(found);
    if (found[0]) void message.error(found[0].message);
    return found.length === 0 ? doc : null;
  };

  const saveDraft = async () => {
    if (!guard()) return;
    const issuesNow = validateEditorDocument(getDoc(), false);
    setIssues(issuesNow);
    if (issuesNow[0]) return void message.error(issuesNow[0].message);
    if (await sync.save()) void message.success(EDITOR_MESSAGES.SAVED);
    else if (sync.current.state.kind === 'offline') void message.warning('网络已断开，内容已保存在本机，联网后将自动保存');
    else if (sync.current.state.kind === 'error') void message.error(sync.current.state.message);
  };

  const publish = async (saveType: 2 | 3, publishTime?: string) => {
    if (!guard() || !validDoc()) return;
    setBusy(true);
    try {
      setPublished(await sync.publish(saveType, publishTime));
      setScheduling(false);
    } catch (error) {
      if (sync.current.conflict === null) void message.error((error as { message?: string }).message ?? '发布失败');
    } finally {
      setBusy(false);
    }
  };

  const resolve = async (choice: ConflictChoice) => {
    const conflict = sync.current.conflict;
    if (!conflict) return;
    setBusy(true);
    try {
      if (choice === 'mine') await sync.save({ baseVersion: conflict.version });
      else if (choice === 'copy') {
        if (await sync.save({ asCopy: true })) void message.success('已另存为新的草稿');
      } else await reloadFromServer(conflict.draft_id);
    } finally {
      setBusy(false);
    }
  };

  if (published) {
    const scheduled = published.status === ManuscriptStatus.SCHEDULED;
    return (
      <Result
        status="success"
        title={scheduled ? EDITOR_MESSAGES.SCHEDULED : EDITOR_MESSAGES.PUBLISHED}
        subTitle={scheduled ? `将于 ${published.publish_time ?? ''} 发布` : '可在稿件库查看审核进度'}
        extra={[
          <Button type="primary" key="library" onClick={() => navigate('/personalScript')}>
            前往稿件库
          </Button>,
        ]}
      />
    );
  }

  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: '16px 16px 96px' }}>
      <Typography.Title level={4}>{heading}</Typography.Title>
      <Form key={mounted.key} ref={form} initialDoc={mounted.doc} onChange={onChange} issues={issues} />
      <div style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 30, background: '#fff', borderTop: '1px solid #f0f0f0', padding: '10px 24px' }}>
        <Space style={{ width: '100%', maxWidth: 960, margin: '0 auto', display: 'flex', justifyContent: 'space-between' }}>
          <SaveStatus snapshot={snapshot} />
          <Space>
            <Button onClick={() => setHistory(true)}>历史版本</Button>
            <Button onClick={() => setPreview(getDoc())}>预览</Button>
            <Button onClick={() => void saveDraft()}>保存草稿</Button>
            <Button
              onPointerEnter={prefetchScheduleDialog}
              onFocus={prefetchScheduleDialog}
              onClick={() => {
                if (!(guard() && validDoc())) return;
                setScheduleShown(true);
                setScheduling(true);
              }}
            >
              定时发布
            </Button>
            <Button type="primary" loading={busy} onClick={() => void publish(2)}>
              发布
            </Button>
          </Space>
        </Space>
      </div>
      <Drawer open={preview !== null} title="预览" size={720} onClose={() => setPreview(null)}>
        {preview && <DocumentView doc={preview} />}
      </Drawer>
      <HistoryDrawer
        open={history}
        draftId={snapshot.draftId}
        baseVersion={snapshot.version}
        onClose={() => setHistory(false)}
        onRestored={(doc, version) => {
          show(doc);
          void sync.adopted(doc, version);
          setHistory(false);
        }}
      />
      {scheduleShown && (
        <Suspense fallback={null}>
          <ScheduleDialog open={scheduling} now={Date.now} onCancel={() => setScheduling(false)} onConfirm={(time) => void publish(3, time)} />
        </Suspense>
      )}
      <ConflictDialog conflict={snapshot.conflict} busy={busy} onChoose={(choice) => void resolve(choice)} />
      <RestoreLocalDialog
        entry={offer}
        onRestore={() => {
          if (offer) show(offer.doc);
          setOffer(null);
          setTimeout(() => sync.changed());
        }}
        onDiscard={() => {
          if (offer) void journal.remove(offer.key);
          setOffer(null);
        }}
      />
    </div>
  );
}
