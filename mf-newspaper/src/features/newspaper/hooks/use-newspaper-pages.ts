import { useEffect, useState } from 'react';
import type { NewspaperPage } from 'shared-sdk';
import { getNewspaperPages } from '../api/get-newspaper-pages';
import type { NewspaperQuery } from './use-newspaper-query';

export interface NewspaperPagesState {
  /** The last list that loaded; null until one has. */
  pages: NewspaperPage[] | null;
  loading: boolean;
}

function isCanceled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'kind' in error && error.kind === 'canceled';
}

/**
 * Loads the pages of the chosen paper and day, again on every change. A failure is only logged and
 * the list stays as it was (docs/product.md §8); a newer choice cancels the older request, so a slow answer
 * never replaces a newer one.
 */
export function useNewspaperPages({ type, date }: NewspaperQuery): NewspaperPagesState {
  const key = `${type}/${date}`;
  // settled: the choice whose request has finished, either way; loading until it is the current one.
  const [state, setState] = useState<{ pages: NewspaperPage[] | null; settled: string }>({ pages: null, settled: '' });

  useEffect(() => {
    const controller = new AbortController();
    getNewspaperPages({ type, date }, controller.signal).then(
      (pages) => setState({ pages, settled: `${type}/${date}` }),
      (error: unknown) => {
        if (isCanceled(error) || controller.signal.aborted) return;
        console.error('数字报版面加载失败', error);
        setState((current) => ({ ...current, settled: `${type}/${date}` }));
      },
    );
    return () => controller.abort();
  }, [type, date]);

  return { pages: state.pages, loading: state.settled !== key };
}
