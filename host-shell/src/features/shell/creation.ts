/** The 内容创作 dropdown (docs/product.md §2): each item opens its editor in a new tab once the guards pass. */
import { BanRange, requireCert, requireNotBanned } from 'shared-sdk';
import { openInNew } from '../../lib/open-in-new';

export interface CreationItem {
  key: string;
  label: string;
  url: string;
  range: BanRange;
}

export const CREATION_ITEMS: readonly CreationItem[] = [
  { key: 'article', label: '文章', url: '/scriptWrite', range: BanRange.CONTENT },
  { key: 'video', label: '视频', url: '/videoWrite', range: BanRange.CONTENT },
  { key: 'gallery', label: '图集', url: '/graphWrite', range: BanRange.CONTENT },
  { key: 'collection', label: '合集', url: '/videoWrite?isPack=1', range: BanRange.CONTENT },
  { key: 'post', label: '动态', url: '/post', range: BanRange.POST },
];

/** Real-name first, then the ban (at most one dialog shows); true when the editor opened. */
export function openCreation(item: CreationItem): boolean {
  if (!requireCert() || !requireNotBanned(item.range)) return false;
  openInNew(item.url, 'tab');
  return true;
}
