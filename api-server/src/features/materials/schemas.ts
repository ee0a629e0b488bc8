/** JSON schemas of the material calls: they validate (form fields arrive as text and are coerced) and filter answers. */
import { bool, int, objectOf, str, type JsonSchema } from '../../lib/schemas';
import { MAX_PER_PAGE } from './shared';

const id: JsonSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

export const listBody = objectOf(
  {
    all: { type: 'integer', enum: [0, 1], default: 0 },
    cm_type: { type: 'integer', enum: [1, 2, 3], default: 2 },
    cm_title: { type: 'string', default: '' },
    cm_create_time: { type: 'string', default: '' },
    cm_check: { type: 'integer', enum: [0, 1, 2, 3, 4] },
    page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
    per_page: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 24 },
  },
  [],
);

export const materialSchema = objectOf({
  cm_id: int,
  cm_title: str,
  cm_type: int,
  cm_icon_url: str,
  cm_url: str,
  cm_create_time: str,
  cm_check: int,
  is_my: bool,
});

export const listAnswer = objectOf({ data: objectOf({ total: int, capped: bool, data: { type: 'array', items: materialSchema } }) });

export const idsBody = objectOf({ ids: { type: 'string', minLength: 1 } });
export const operationBody = objectOf({ cm_id: id, cml_behavior: { type: 'integer' } });
export const showBody = objectOf({ id });
export const useBody = objectOf({ cm_id: id, nm_type: { type: 'integer', enum: [1, 2, 3] }, nm_title: { type: 'string', maxLength: 100, default: '' } }, ['cm_id', 'nm_type']);
export const saveBody = objectOf(
  {
    files: { type: 'string', default: '' },
    covers: { type: 'string', default: '' },
    title: { type: 'string', default: '' },
    labels: { type: 'string', default: '' },
    describe: { type: 'string', default: '' },
  },
  [],
);
export const saveAnswer = objectOf({ ids: { type: 'array', items: int } });

export const detailAnswer = objectOf({
  cm_id: int,
  cm_type: int,
  cm_url: str,
  cm_icon_url: str,
  cm_title: str,
  cm_check: int,
  is_my: bool,
  update_time: str,
  nick_name: str,
  size: int,
  other: objectOf({ describe: str }),
  logs: { type: 'array', items: objectOf({ cml_create_time: str, phone: str, cml_behavior: int }) },
  manuscript: { type: 'array', items: objectOf({ nm_title: str, nm_type: int, phone: str, nm_create_time: str }) },
});
