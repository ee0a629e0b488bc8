/**
 * The writing screens' document as the calls carry it: the editor fields a draft or manuscript
 * shows (`nd_editor` / `nm_editor`), and the whole document of a saved version. The types of
 * `contract/editor/index.ts` (EditorDocument, EditorFields…) are these schemas' static types.
 */
import { type Static, Type } from 'typebox';
import { CoverMode, EDITOR_KINDS } from './values';
import { OneOf } from '../core/common';

export const EditorKindSchema = OneOf(EDITOR_KINDS, { description: '1 article, 2 video, 3 gallery, 4 collection, 5 post' });
export const CoverModeSchema = OneOf(Object.values(CoverMode), { description: '1 单图, 3 三图, 0 无封面' });

export const GalleryImage = Type.Object({ url: Type.String(), caption: Type.String() });
export type GalleryImage = Static<typeof GalleryImage>;

export const EditorVideo = Type.Object({
  url: Type.String(),
  poster: Type.String(),
  /** The video service's job id while (or after) it transcodes; '' for a video named by address only. */
  vid: Type.String(),
});
export type EditorVideo = Static<typeof EditorVideo>;

export const CollectionItem = Type.Object({
  nm_id: Type.Integer(),
  nm_type: Type.Integer(),
  nm_title: Type.String(),
  nm_cover_url: Type.Array(Type.String()),
  /** False when the item is no longer one of my published works (then publishing refuses). */
  available: Type.Boolean(),
});
export type CollectionItem = Static<typeof CollectionItem>;

/** Added to `GET /api/draft/show` and `GET /api/manuscript/show` (prefix nd_ / nm_). */
export const EditorFields = Type.Object({
  summary: Type.String(),
  cover_mode: CoverModeSchema,
  original: Type.Boolean(),
  video: EditorVideo,
  images: Type.Array(GalleryImage),
  cover_index: Type.Integer(),
  item_ids: Type.Array(Type.Integer()),
  items: Type.Array(CollectionItem),
});
export type EditorFields = Static<typeof EditorFields>;

/** Every kind's fields; a kind ignores the ones it does not use (they are stored empty). */
export const EditorDocument = Type.Object({
  type: EditorKindSchema,
  title: Type.String(),
  /** HTML. Article body; description of video and collection; post text (topics as `#话题#`). */
  content: Type.String(),
  summary: Type.String(),
  cover_mode: CoverModeSchema,
  covers: Type.Array(Type.String()),
  original: Type.Boolean(),
  video: EditorVideo,
  /** Gallery images (3–50, caption each) or post images (≤ 9, caption ''). */
  images: Type.Array(GalleryImage),
  /** Gallery: which image is the cover. */
  cover_index: Type.Integer(),
  /** Collection: my published manuscripts' ids, in order. */
  item_ids: Type.Array(Type.Integer()),
});
export type EditorDocument = Static<typeof EditorDocument>;
