/** The rights centre (`/rights`): my level, what the next one misses, each right's state; applying. */
import { type Static, Type } from 'typebox';
import { OneOf } from '../core/common';
import { defineRoute } from '../core/route';

const tag = 'rights';

export const RightCode = OneOf(['original', 'appreciation', 'revenue', 'live', 'column'] as const);
export type RightCode = Static<typeof RightCode>;
/** locked: conditions not met; available: may apply; pending 审核中; approved 已开通; rejected 未通过. */
export const RightState = OneOf(['locked', 'available', 'pending', 'approved', 'rejected'] as const);
export type RightState = Static<typeof RightState>;

export const RightStatus = Type.Object({
  code: RightCode,
  name: Type.String(),
  description: Type.String(),
  level: Type.Integer(),
  state: RightState,
  /** The reviewer's reason when rejected, else ''. */
  reason: Type.String(),
  /** What is missing to apply (empty unless locked). */
  missing: Type.Array(Type.String()),
});
export type RightStatus = Static<typeof RightStatus>;

const RightsView = Type.Object({
  user_score: Type.Integer(),
  level: Type.Integer(),
  /** What is missing for the next level (empty at the top). */
  next_missing: Type.Array(Type.String()),
  rights: Type.Array(RightStatus),
});

export const rightsIndex = defineRoute({
  method: 'GET',
  url: '/api/rights/index',
  operationId: 'rightsIndex',
  summary: 'My level, what the next level misses, and the state of each right',
  tag,
  data: RightsView,
});

export const rightsApply = defineRoute({
  method: 'POST',
  url: '/api/rights/apply',
  operationId: 'rightsApply',
  summary: 'Apply for a right (msg 申请已提交，请等待审核); answers the new view',
  description:
    '1005 without real-name verification; 1009 when pending or already approved; 1006 while banned; 1003 when the conditions are not met (msg lists them).',
  tag,
  body: Type.Object({ code: RightCode }),
  data: RightsView,
});
