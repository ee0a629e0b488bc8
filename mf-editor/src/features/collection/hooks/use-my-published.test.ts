import { renderHook, waitFor } from '@testing-library/react';
import type { Manuscript, ManuscriptListRequest } from 'shared-sdk/contract';
import { editorCalls } from '../../../api/editor-calls';
import { MANUSCRIPT_LIST_PAGE_MAX, useMyPublished } from './use-my-published';

jest.mock('../../../api/editor-calls', () => ({ editorCalls: { manuscripts: jest.fn() } }));

const manuscripts = editorCalls.manuscripts as jest.Mock;

function work(id: number, type: number): Manuscript {
  return { nm_id: id, nm_type: type, nm_title: `作品${id}`, nm_cover_url: [] } as unknown as Manuscript;
}

describe('useMyPublished', () => {
  it('reads every published work page by page, never asking for a page larger than the server serves', async () => {
    // 60 published articles (two pages), one video, no gallery; a page above the server's maximum is refused.
    const articles = Array.from({ length: 60 }, (_, i) => work(i + 1, 1));
    manuscripts.mockImplementation(async ({ type, page, size }: Required<ManuscriptListRequest>) => {
      if (size > MANUSCRIPT_LIST_PAGE_MAX) throw new Error('参数错误');
      const all = type === 1 ? articles : type === 2 ? [work(100, 2)] : [];
      return { returnData: all.slice((page - 1) * size, page * size), count: all.length };
    });
    const { result } = renderHook(() => useMyPublished());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBeNull();
    expect(result.current.works.map((w) => w.id)).toEqual([...articles.map((a) => a.nm_id), 100]);
    expect(result.current.works.at(-1)).toMatchObject({ title: '作品100', typeLabel: '视频' });
  });

  it('says when the works could not be read', async () => {
    manuscripts.mockRejectedValue(new Error('网络错误，请检查网络'));
    const { result } = renderHook(() => useMyPublished());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.error).toBe('网络错误，请检查网络');
    expect(result.current.works).toEqual([]);
  });
});
