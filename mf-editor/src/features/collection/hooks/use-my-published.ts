import { useEffect, useState } from 'react';
import { ContentType, DRAFT_QUERY_LIMITS, EDITOR_KIND_LABELS, type Manuscript, type ManuscriptListRequest } from 'shared-sdk/contract';
import { editorCalls } from '../../../api/editor-calls';

/** 已发布 in each type's own status filter (docs/product.md §3): 7 for articles, 0 for videos and galleries. */
const PUBLISHED_FILTER: ReadonlyArray<Pick<ManuscriptListRequest, 'type' | 'status'>> = [
  { type: ContentType.ARTICLE, status: 7 },
  { type: ContentType.VIDEO, status: 0 },
  { type: ContentType.GALLERY, status: 0 },
];

/** The largest page GET /api/manuscript/list serves (a bigger one is refused as a parameter error). */
export const MANUSCRIPT_LIST_PAGE_MAX = DRAFT_QUERY_LIMITS.SIZE_MAX;
/** Pages read per type at most: a collection holds up to 100 works, so a few hundred candidates are plenty. */
const PAGES_MAX = 6;

export interface PublishedWork {
  id: number;
  title: string;
  typeLabel: string;
  cover: string;
}

function toWork(manuscript: Manuscript): PublishedWork {
  return {
    id: manuscript.nm_id,
    title: manuscript.nm_title,
    typeLabel: EDITOR_KIND_LABELS[manuscript.nm_type as 1] ?? '',
    cover: manuscript.nm_cover_url[0] ?? '',
  };
}

/** Every published manuscript of one type, page by page. */
async function publishedOfType({ type, status }: Pick<ManuscriptListRequest, 'type' | 'status'>): Promise<Manuscript[]> {
  const found: Manuscript[] = [];
  for (let page = 1; page <= PAGES_MAX; page += 1) {
    const answer = await editorCalls.manuscripts({ type, status, page, size: MANUSCRIPT_LIST_PAGE_MAX });
    found.push(...answer.returnData);
    if (answer.returnData.length < MANUSCRIPT_LIST_PAGE_MAX || found.length >= answer.count) break;
  }
  return found;
}

/** My published articles, videos and galleries: what a collection may hold. */
export function useMyPublished(): { works: PublishedWork[]; loading: boolean; error: string | null } {
  const [state, setState] = useState<{ works: PublishedWork[]; loading: boolean; error: string | null }>({ works: [], loading: true, error: null });
  useEffect(() => {
    let live = true;
    void Promise.allSettled(PUBLISHED_FILTER.map(publishedOfType)).then((results) => {
      if (!live) return;
      const failed = results.find((result) => result.status === 'rejected');
      const works = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])).map(toWork);
      setState({ works, loading: false, error: failed ? ((failed.reason as { message?: string }).message ?? '加载失败') : null });
    });
    return () => {
      live = false;
    };
  }, []);
  return state;
}
