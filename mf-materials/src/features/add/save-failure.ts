/** docs/product.md §8: a failed save shows the answer's data when it is text, else its msg. */
export function saveFailureText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { data, message } = error as { data?: unknown; message?: unknown };
    if (typeof data === 'string' && data) return data;
    if (typeof message === 'string' && message) return message;
  }
  return '添加素材失败';
}
