/** /app is empty (spec §2). */
export function EmptyPage() {
  return null;
}
