/** docs/product.md §2: some screens open in a new tab (editors), the rank list in a new window. */
export function openInNew(url: string, how: 'tab' | 'window'): void {
  const features = how === 'window' ? 'noopener,width=1200,height=800' : 'noopener';
  window.open(url, '_blank', features);
}
