import { useEffect, useState } from 'react';
import { ContentType, EDITOR_KIND_LABELS, type Manuscript } from 'shared-sdk/contract';
import { editorCalls } from '../../draft/api/editor-calls';

/** 已发布 in each type's own status filter (spec §3): 7 for articles, 0 for videos and galleries. */
const PUBLISHED_FILTER: Readonly<Record<number, number>> = { [ContentType.ARTICLE]: 7, [ContentType.VIDEO]: 0, [ContentType.GALLERY]: 0 };

export interface PublishedWork {
  id: number;
  title: string;
  typeLabel: string;
  cover: string;
}

function toWork(manuscript: Manuscript): PublishedWork {
  return { id: manuscript.nm_id, title: manuscript.nm_title, typeLabel: EDITOR_KIND_LABELS[manuscript.nm_type as 1] ?? '', cover: manuscript.nm_cover_url[0] ?? '' };
}

/** My published articles, videos and galleries: what a collection may hold. */
export function useMyPublished(): { works: PublishedWork[]; loading: boolean } {
  const [state, setState] = useState<{ works: PublishedWork[]; loading: boolean }>({ works: [], loading: true });
  useEffect(() => {
    let live = true;
    Promise.all(
      Object.entries(PUBLISHED_FILTER).map(([type, status]) => editorCalls.manuscripts({ type: Number(type), status, page: 1, size: 100 }).then((answer) => answer.returnData, () => [])),
    ).then((lists) => live && setState({ works: lists.flat().map(toWork), loading: false }));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
