/** What the editor's API tests share: demo accounts, a save call and ready-made documents. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { type ArticleAddAnswer, type ArticleAddRequest, type ApiEnvelope, EditorKind, SaveType, emptyDocument, toArticleAddRequest } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { body, signed } from '../../testing/signed';

export const VERIFIED = '13800000001';
export const UNVERIFIED = '13800000002';
export const BANNED_CONTENT = '13800000003';
export const BANNED_POSTS = '13800000004';
export const OTHER = '13800000006';
export const PHONES = [VERIFIED, UNVERIFIED, BANNED_CONTENT, BANNED_POSTS, OTHER];

export const COVER = 'https://img.example.com/cover.png';
export const IMAGE = (n: number) => ({ url: `https://img.example.com/${n}.png`, caption: `第${n}张` });

export function articleFields(patch: Partial<ArticleAddRequest> = {}): ArticleAddRequest {
  const doc = { ...emptyDocument(EditorKind.ARTICLE), title: '郑州的秋天来了', content: '<p>正文<strong>加粗</strong></p>', covers: [COVER], summary: '摘要' };
  return { ...toArticleAddRequest(doc, { save_type: SaveType.DRAFT }), ...patch };
}

export function kindFields(type: EditorKind, patch: Partial<ArticleAddRequest> = {}): ArticleAddRequest {
  const base = { ...emptyDocument(type), title: `一个${type}号类型的标题`, covers: type === EditorKind.GALLERY || type === EditorKind.POST ? [] : [COVER] };
  const doc =
    type === EditorKind.VIDEO
      ? { ...base, video: { url: 'https://media.example.com/v.mp4', poster: COVER, vid: 'v1' }, content: '<p>视频简介</p>' }
      : type === EditorKind.GALLERY
        ? { ...base, images: [IMAGE(1), IMAGE(2), IMAGE(3)], cover_index: 1 }
        : type === EditorKind.POST
          ? { ...base, content: '<p>今天 #河南# 下雪了</p>', images: [IMAGE(1)] }
          : { ...base, content: '<p>正文</p>' };
  return { ...toArticleAddRequest(doc, { save_type: SaveType.DRAFT }), ...patch };
}

export async function add(
  app: FastifyInstance,
  token: string | undefined,
  fields: Partial<ArticleAddRequest> | Record<string, string | number>,
): Promise<ApiEnvelope<ArticleAddAnswer>> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) params[key] = value as string | number;
  return body<ArticleAddAnswer>(await signed(app, { method: 'POST', url: '/api/article/add', token, params }));
}

/**
 * What the server keeps of a draft and its author: the draft's version and body, how many versions
 * its history holds, whether it is still on the draft list, and how many manuscripts the author has.
 * A refused publish must leave all of it as it was.
 */
export async function storedState(db: Kysely<Database>, draftId: number) {
  const draft = await db.selectFrom('drafts').select(['user_id', 'version', 'title', 'body', 'deleted_at']).where('id', '=', draftId).executeTakeFirstOrThrow();
  const history = await db
    .selectFrom('draft_versions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('draft_id', '=', draftId)
    .executeTakeFirstOrThrow();
  const manuscripts = await db
    .selectFrom('manuscripts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', draft.user_id)
    .executeTakeFirstOrThrow();
  return {
    version: draft.version,
    title: draft.title,
    body: draft.body,
    listed: draft.deleted_at === null,
    history: Number(history.n),
    manuscripts: Number(manuscripts.n),
  };
}
