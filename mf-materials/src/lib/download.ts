/** Fetches a material as a blob and saves it under its title (the extension comes from the URL). */
export function fileNameFor(title: string, url: string): string {
  const path = url.startsWith('data:') ? '' : (url.split('?')[0] ?? '');
  const ext = /\.([a-z0-9]{1,5})$/i.exec(path)?.[1] ?? (/^data:image\/svg/.test(url) ? 'svg' : '');
  return ext ? `${title}.${ext.toLowerCase()}` : title;
}

export async function saveAs(url: string, title: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameFor(title, url);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
