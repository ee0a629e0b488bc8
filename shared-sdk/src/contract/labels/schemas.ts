/** Tags (docs/product.md §7 `/api/label/list`): search by name, or create by typing. */
import { type Static, Type } from 'typebox';
import { OneOf } from '../core/common';
import { defineRoute } from '../core/route';

export const Tag = Type.Object({ id: Type.Integer(), name: Type.String() });
export type Tag = Static<typeof Tag>;

export const labelList = defineRoute({
  method: 'POST',
  url: '/api/label/list',
  operationId: 'labelList',
  summary: 'Tags whose name contains `name` (at most 20, the exact name first)',
  description: 'With `create=1` the tag named exactly `name` is created when missing and returned alone. A name over 20 characters: 1002.',
  tag: 'labels',
  body: Type.Object({
    name: Type.Optional(Type.String({ default: '' })),
    create: Type.Optional(OneOf([0, 1] as const, { default: 0 })),
  }),
  data: Type.Array(Tag),
});
