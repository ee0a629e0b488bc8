/** Request and answer schemas of the draft and manuscript calls (validation and serialisation). */
import { type JsonSchema, bool, envelope, int, objectOf, str } from '../../lib/schemas';
import { editorFieldsSchema } from '../editor/schemas';
import { MAX_PAGE_SIZE, TITLE_SEARCH_MAX } from './shared';

const strings: JsonSchema = { type: 'array', items: str };
const ints: JsonSchema = { type: 'array', items: int };
const nullableStr: JsonSchema = { type: ['string', 'null'] };
const nullableInt: JsonSchema = { type: ['integer', 'null'] };
const id: JsonSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

const paging = {
  page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  size: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 },
  title: { type: 'string', maxLength: TITLE_SEARCH_MAX, default: '' },
};

export const draftSearchQuery = objectOf({ type: { type: 'integer', enum: [0, 1, 2, 3, 4, 5], default: 0 }, ...paging }, []);
export const manuscriptListQuery = objectOf({ type: { type: 'integer', enum: [1, 2, 3, 4, 5] }, status: { type: 'integer' }, ...paging }, [
  'type',
  'status',
]);
export const idQuery = objectOf({ id });
export const draftDeleteBody = objectOf({ ids: { type: 'string', minLength: 1, maxLength: 1200 }, global_ids: { type: 'string', maxLength: 5000, default: '' } }, ['ids']);
export const manuscriptDeleteBody = objectOf({ ids: { type: 'string', minLength: 1, maxLength: 1200 } });
export const withdrawBody = objectOf({ id, to: { type: 'string', enum: ['private', 'draft'] } });

const draftFields = {
  nd_id: int,
  global_id: str,
  nd_type: int,
  nd_title: str,
  nd_cover_url: strings,
  nd_create_time: str,
};
export const draftItem = objectOf(draftFields);
// nd_content is sanitized HTML; the nd_editor fields reopen the draft in its writing screen.
export const draftDetail = objectOf({
  ...draftFields,
  nd_content: str,
  nd_update_time: str,
  nd_version: int,
  nd_manuscript_id: nullableInt,
  nd_editor: editorFieldsSchema,
});

const manuscriptFields = {
  nm_id: int,
  global_id: str,
  nm_type: int,
  nm_title: str,
  nm_cover_url: strings,
  nm_status: int,
  nm_review_code: nullableInt,
  nm_platforms: ints,
  nm_create_time: str,
  nm_publish_time: nullableStr,
  nm_scheduled_time: nullableStr,
};
export const manuscriptItem = objectOf(manuscriptFields);
export const manuscriptDetail = objectOf({ ...manuscriptFields, nm_content: str, nm_update_time: str, nm_reject_reason: str, nm_editor: editorFieldsSchema });

export const listAnswer = (item: JsonSchema) => envelope(objectOf({ returnData: { type: 'array', items: item }, count: int, capped: bool }));
export const nullAnswer = envelope({ type: 'null' });
export const withdrawAnswer = envelope(objectOf({ nm_status: nullableInt, nd_id: nullableInt }));
