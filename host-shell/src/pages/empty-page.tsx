/** /app is empty (docs/product.md §2). */
export function EmptyPage() {
  return null;
}
