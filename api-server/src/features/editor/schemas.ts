/** Request and answer schemas of the editor calls (validation and serialisation; README.md). */
import { EDITOR_KINDS, EDITOR_LIMITS } from 'shared-sdk/contract';
import { type JsonSchema, envelope, int, objectOf, str } from '../../lib/schemas';

const id: JsonSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
const text = (maxLength: number): JsonSchema => ({ type: 'string', maxLength, default: '' });
const nullableInt: JsonSchema = { type: ['integer', 'null'] };
const nullableStr: JsonSchema = { type: ['string', 'null'] };

/**
 * Generous outer bounds only: the exact limits are the contract's (validateEditorDocument), which
 * answers in the words the editor shows; these keep absurd inputs from costing work.
 */
export const articleAddBody = objectOf(
  {
    save_type: { type: 'integer', enum: [1, 2, 3] },
    type: { type: 'integer', enum: [...EDITOR_KINDS] },
    draft_id: id,
    base_version: id,
    manuscript_id: id,
    publish_time: text(32),
    title: text(1_000),
    content: text(EDITOR_LIMITS.CONTENT_HTML_MAX * 2),
    summary: text(2_000),
    cover_mode: { type: 'integer', enum: [0, 1, 3], default: 1 },
    covers: text(40_000),
    original: { type: 'integer', enum: [0, 1], default: 0 },
    video_url: text(EDITOR_LIMITS.URL_MAX * 2),
    video_poster: text(EDITOR_LIMITS.DATA_IMAGE_MAX * 2),
    video_vid: text(512),
    images: text(EDITOR_LIMITS.GALLERY_MAX * (EDITOR_LIMITS.DATA_IMAGE_MAX + 1_000)),
    cover_index: { type: 'integer', minimum: 0, maximum: 1_000, default: 0 },
    item_ids: text(2_400),
  },
  ['save_type', 'type'],
);

const saveFields = {
  draft_id: int,
  version: int,
  update_time: str,
  manuscript_id: nullableInt,
  status: nullableInt,
  publish_time: nullableStr,
};
const conflictFields = { draft_id: int, version: int, update_time: str };
/** A save answers its result, or (code 1020) the server's current version. */
export const articleAddAnswer = envelope({ anyOf: [objectOf(saveFields), objectOf(conflictFields)] });

export const versionsQuery = objectOf({ id });
export const versionQuery = objectOf({ id, version: id });
export const restoreBody = objectOf({ id, version: id, base_version: id }, ['id', 'version']);

const versionItem = { version: int, create_time: str, size: int, title: str };
export const versionListAnswer = envelope(objectOf({ current: int, list: { type: 'array', items: objectOf(versionItem) } }));
const documentSchema = objectOf({
  type: int,
  title: str,
  content: str,
  summary: str,
  cover_mode: int,
  covers: { type: 'array', items: str },
  original: { type: 'boolean' },
  video: objectOf({ url: str, poster: str, vid: str }),
  images: { type: 'array', items: objectOf({ url: str, caption: str }) },
  cover_index: int,
  item_ids: { type: 'array', items: int },
});
export const versionAnswer = envelope(objectOf({ ...versionItem, document: documentSchema }));

export const useMaterialBody = objectOf({ material_id: id, type: { type: 'integer', enum: [...EDITOR_KINDS] } });
export const useMaterialAnswer = envelope(
  objectOf({ cm_id: int, cm_type: int, cm_title: str, cm_url: str, cm_icon_url: str, insert: { type: 'string', enum: ['image', 'video'] } }),
);

/** The editor fields added to the draft and manuscript detail answers (EditorFields of the contract). */
export const editorFieldsSchema = objectOf({
  summary: str,
  cover_mode: int,
  original: { type: 'boolean' },
  video: objectOf({ url: str, poster: str, vid: str }),
  images: { type: 'array', items: objectOf({ url: str, caption: str }) },
  cover_index: int,
  item_ids: { type: 'array', items: int },
  items: {
    type: 'array',
    items: objectOf({ nm_id: int, nm_type: int, nm_title: str, nm_cover_url: { type: 'array', items: str }, available: { type: 'boolean' } }),
  },
});
