/**
 * Materials know where they are used: publishing (or scheduling) a manuscript records one
 * material_usages row per material the manuscript shows — in its sanitized body (img, video, audio,
 * source `src` and video `poster`), its covers, its video and poster, and its gallery images. A
 * material counts only when the author may write with it: their own, or an approved public one; it is
 * found by its stored URL, never by an id the client sends. Publishing the same manuscript again keeps
 * one row per material (the first one's time stays the operation time), adds the new ones and removes
 * the rows of materials the manuscript no longer shows. The material detail reads the manuscript's
 * current title and type (features/materials/store.ts).
 */
import { sql } from 'kysely';
import { type EditorDocument, MaterialAuditStatus } from 'shared-sdk/contract';
import type { Tx } from './draft-save';

/** More distinct addresses than a manuscript can reasonably show are not looked up. */
export const MAX_USAGE_URLS = 500;

const MEDIA_TAG = /<(?:img|video|audio|source)\b[^>]*>/gi;
const VIDEO_TAG = /<(?:video|source)\b[^>]*>/gi;
const URL_ATTRIBUTE = /\s(?:src|poster)\s*=\s*"([^"]*)"/gi;

/** The few entities the sanitizer writes inside attribute values. */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, name: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[name] ?? '');
}

/** The `src` and `poster` addresses of the (sanitized) body's tags that `tags` matches, as written. */
function bodyUrls(content: string, tags: RegExp): string[] {
  const urls: string[] = [];
  for (const tag of content.match(tags) ?? []) {
    for (const match of tag.matchAll(URL_ATTRIBUTE)) urls.push(decodeAttribute(match[1] ?? ''));
  }
  return urls;
}

/** Every media address the document shows, as written. */
export function mediaUrlsOf(doc: EditorDocument): string[] {
  return [...bodyUrls(doc.content, MEDIA_TAG), ...doc.covers, doc.video.url, doc.video.poster, ...doc.images.map((image) => image.url)];
}

/** The addresses of the document's videos (the video piece's and the body's), as written. */
export function videoUrlsOf(doc: EditorDocument): string[] {
  return [doc.video.url, ...bodyUrls(doc.content, VIDEO_TAG)].filter((url) => url.trim() !== '');
}

/**
 * The addresses a stored material URL may have been written as: itself, and for an absolute URL its
 * path alone (materials stored as `/oss/<bucket>/<key>` on the app's own origin are shown absolute).
 */
export function usageCandidates(urls: readonly string[]): string[] {
  const candidates = new Set<string>();
  for (const raw of urls) {
    const url = raw.trim();
    if (!url) continue;
    candidates.add(url);
    if (/^https?:\/\//i.test(url)) {
      try {
        const { pathname } = new URL(url);
        if (pathname.startsWith('/oss/')) candidates.add(pathname);
      } catch {
        // not a URL: only the text itself can match
      }
    }
    if (candidates.size >= MAX_USAGE_URLS) break;
  }
  return [...candidates];
}

/** Brings the manuscript's usage rows in line with what it shows now. */
export async function recordMaterialUsage(tx: Tx, userId: number, manuscriptId: number, doc: EditorDocument): Promise<void> {
  const candidates = usageCandidates(mediaUrlsOf(doc));
  let used: number[] = [];
  if (candidates.length > 0) {
    const rows = await sql<{ material_id: number }>`
      insert into material_usages (material_id, user_id, nm_type, nm_title, manuscript_id)
      select distinct m.id, ${userId}::integer, s.type, s.title, s.id
      from materials m, manuscripts s
      where s.id = ${manuscriptId}::integer and s.user_id = ${userId}::integer
        and m.url in (${sql.join(candidates)}) and m.deleted_at is null
        and (m.owner_id = ${userId}::integer or m.cm_check = ${MaterialAuditStatus.APPROVED})
      on conflict (material_id, manuscript_id) do update set nm_title = excluded.nm_title, nm_type = excluded.nm_type, user_id = excluded.user_id
      returning material_id`.execute(tx);
    used = rows.rows.map((row) => row.material_id);
  }
  let stale = tx.deleteFrom('material_usages').where('manuscript_id', '=', manuscriptId);
  if (used.length > 0) stale = stale.where('material_id', 'not in', used);
  await stale.execute();
}
