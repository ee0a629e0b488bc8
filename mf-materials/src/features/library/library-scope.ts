/** /material/:myset — 1 is everyone's (public) materials; any other value (normally 0) is mine (docs/product.md §2). */
export type LibraryScope = 'mine' | 'public';

export function libraryScope(myset: string | undefined): LibraryScope {
  return myset === '1' ? 'public' : 'mine';
}

export const LIBRARY_TITLES: Readonly<Record<LibraryScope, string>> = {
  mine: '我的素材',
  public: '公共素材',
};
