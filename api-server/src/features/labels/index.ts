/**
 * POST /api/label/list (docs/product.md §7): tags whose name contains `name` (at most 20, exact match first).
 * With `create=1` the tag named exactly `name` is created when missing and returned alone: the add
 * screen's "create by typing" is one call, and creating twice returns the same tag.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ApiCode, ok, type Tag } from 'shared-sdk/contract';
import { labels as contract } from 'shared-sdk/contract/schemas';
import { labelNameProblem } from 'shared-sdk/rules';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { serve } from '../../lib/contract-route';
import { containsPattern } from '../../lib/keyword';
import { requireAuth } from '../../plugins/app/auth';

const LIMIT = 20;

/**
 * Tags whose name contains `keyword` (case-insensitive, as the database's lower() folds), the exact
 * name first, then shorter names: on the name-gram index, with the keyword's keys from
 * material_grams itself (its 2-grams, or its one character), so keyword and names are lower-cased
 * by the same lower(); ILIKE rechecks.
 */
export function searchLabels(db: Kysely<Database>, keyword: string): Promise<Tag[]> {
  return db
    .selectFrom('labels')
    .select(['id', 'name'])
    .where(
      sql<boolean>`material_grams(name) @> (select array(select g from unnest(material_grams(${keyword}::text)) as g where char_length(g) = least(2, char_length(${keyword}::text))))`,
    )
    .where(sql<boolean>`name ilike ${containsPattern(keyword)}`)
    .orderBy(sql`lower(name) = lower(${keyword})`, 'desc')
    .orderBy(sql`char_length(name)`)
    .orderBy('id')
    .limit(LIMIT)
    .execute();
}

const labels: FastifyPluginAsync = async (app) => {
  serve(app, contract.labelList, async (request) => {
    const { user } = requireAuth(request);
    const name = (request.body.name ?? '').trim();
    const problem = labelNameProblem(name);
    if (problem) throw new ApiError(ApiCode.INVALID_PARAMS, problem);
    if (!name) return ok([]);
    if (request.body.create === 1) {
      await app.db
        .insertInto('labels')
        .values({ name, created_by: user.id })
        .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
        .execute();
      const tag = await app.db
        .selectFrom('labels')
        .select(['id', 'name'])
        .where(sql<boolean>`lower(name) = lower(${name})`)
        .executeTakeFirstOrThrow();
      return ok([tag]);
    }
    const rows = await searchLabels(app.db, name);
    return ok(rows);
  });
};

export default labels;
