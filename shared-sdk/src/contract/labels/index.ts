/** The material library's labels (POST /api/label/list): the request and answer types. */
import type { RequestOf } from '../core/route';
import type * as labels from './schemas';

export type Tag = labels.Tag;
export type LabelListRequest = RequestOf<typeof labels.labelList>;
