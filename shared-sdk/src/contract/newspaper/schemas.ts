/** The newspaper host's call (docs/product.md §7): one issue's pages, for the digitised newspaper viewer. */
import { type Static, Type } from 'typebox';
import { NEWSPAPERS } from '../core/enums';
import { OneOf } from '../core/common';
import { defineRoute } from '../core/route';

export const NewspaperPage = Type.Object({
  /** The page's image. */
  img: Type.String(),
  /** The page's PDF. */
  pdf: Type.String(),
});
export type NewspaperPage = Static<typeof NewspaperPage>;

export const hisPaper = defineRoute({
  method: 'GET',
  url: '/bigscreen/hisPaper',
  operationId: 'hisPaper',
  summary: "One issue's pages in page order (an empty list for a day without an issue)",
  description:
    'Served by the newspaper host: not signed; the session token goes in the `Authorization` header (without a scheme), ' +
    'and a missing or dead one answers -1. A bad `type` or `date` answers 1002 naming which.',
  tag: 'newspaper',
  auth: 'public',
  querystring: Type.Object({
    date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "the issue's day, YYYY-MM-DD" }),
    type: OneOf(
      NEWSPAPERS.map((paper) => paper.value),
      { description: NEWSPAPERS.map((paper) => `${paper.value} ${paper.label}`).join(', ') },
    ),
  }),
  data: Type.Array(NewspaperPage),
});
