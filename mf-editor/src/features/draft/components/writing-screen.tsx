import { useState } from 'react';
import { useSearchParams } from 'shared-sdk/router';
import { Result, Spin } from 'antd';
import { guardCreation, selectUser, useAppSelector } from 'shared-sdk';
import { banRangeOfKind, type EditorKind } from 'shared-sdk/contract';
import { useDraftLoader } from '../hooks/use-draft-loader';
import type { DocForm } from '../../../types/doc-form';
import { WritingSession } from './writing-session';

function idParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export interface WritingScreenProps {
  kind: EditorKind;
  heading: string;
  Form: DocForm;
}

/**
 * The frame of every writing screen: real-name and ban guards on open (the shell shows the dialog,
 * the server refuses as well), then the draft, manuscript or material the URL names.
 */
export function WritingScreen({ kind, heading, Form }: WritingScreenProps) {
  const user = useAppSelector(selectUser);
  const [search] = useSearchParams();
  // Asked once on open; the shell shows the real-name or ban dialog when the answer is no.
  const [allowed] = useState(() => guardCreation(banRangeOfKind(kind)));
  const target =
    allowed && user
      ? {
          kind,
          userId: user.u_id,
          draftId: idParam(search.get('draftId')),
          manuscriptId: idParam(search.get('manuscriptId')),
          materialId: idParam(search.get('materialId')),
        }
      : null;
  const { loaded, error } = useDraftLoader(target);

  if (allowed === false) return <Result status="warning" title={heading} subTitle="暂时无法创作：请完成实名认证，或在解除限制后再试" />;
  if (error) return <Result status="error" title={heading} subTitle={error} />;
  // Padding, not margin: a margin here collapses through the bare screen's parents to the body, which
  // moved the whole page down while loading and back up when the form came (a layout shift of 0.18).
  if (!loaded || !user)
    return (
      <div style={{ paddingTop: 120 }}>
        <Spin style={{ display: 'block', margin: '0 auto' }} tip="加载中" />
      </div>
    );
  return <WritingSession kind={kind} heading={heading} Form={Form} loaded={loaded} userId={user.u_id} />;
}
