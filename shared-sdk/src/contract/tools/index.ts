/** The creator's tools (GET /api/user/getToolList): the answer types. */
import type { DataOf } from '../core/route';
import type * as tools from './schemas';

export type ToolListItem = tools.ToolListItem;
export type ToolListAnswer = DataOf<typeof tools.toolList>;
