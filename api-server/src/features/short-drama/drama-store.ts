/**
 * Short-drama series and episodes, owner-only. An episode number is unique within its series: the
 * unique index decides, so two tabs saving the same number cannot both win (1009 for the loser).
 */
import type { Kysely } from 'kysely';
import {
  type DramaEpisode,
  type DramaListAnswer,
  type DramaSaveRequest,
  type DramaSeries,
  type DramaStatus,
  type EpisodeSaveRequest,
} from 'shared-sdk/contract';
import { DRAMA_INPUT_MESSAGES, dramaIntroProblem, dramaTitleProblem, episodeNoProblem, episodeTitleProblem } from 'shared-sdk/rules';
import type { Database, DramaEpisodeRow, DramaRow } from '../../db/schema';
import type { ObjectStore } from '../../storage/object-store';
import { formatTime } from '../../lib/china-time';
import { conflict, invalid, notFound } from '../../lib/api-error';
import { coverUrl, videoUrl } from './media-url';

/** The input rules are shared-sdk/rules' (the series dialog and the episode form check them too). */
export const DRAMA_MESSAGES = {
  ...DRAMA_INPUT_MESSAGES,
  NOT_FOUND: '短剧不存在',
  EPISODE_NOT_FOUND: '剧集不存在',
  EPISODE_TAKEN: '该集数已存在，请更换集数',
} as const;

const refuse = (problem: string | null): void => {
  if (problem) throw invalid(problem);
};

function toSeries(row: DramaRow, episodeCount: number): DramaSeries {
  return {
    id: row.id,
    title: row.title,
    cover_url: row.cover_url,
    intro: row.intro,
    status: row.status as DramaStatus,
    episode_count: episodeCount,
    create_time: formatTime(row.created_at),
    update_time: formatTime(row.updated_at),
  };
}

export function toEpisode(row: DramaEpisodeRow): DramaEpisode {
  return {
    id: row.id,
    drama_id: row.drama_id,
    episode_no: row.episode_no,
    title: row.title,
    video_url: row.video_url,
    cover_url: row.cover_url,
    create_time: formatTime(row.created_at),
    update_time: formatTime(row.updated_at),
  };
}

export async function listDramas(db: Kysely<Database>, ownerId: number, page: number, size: number): Promise<DramaListAnswer> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('dramas')
      .selectAll('dramas')
      .select((eb) =>
        eb
          .selectFrom('drama_episodes')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('drama_episodes.drama_id', '=', 'dramas.id')
          .as('episodes'),
      )
      .where('owner_id', '=', ownerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('dramas')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', ownerId)
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((row) => toSeries(row, Number(row.episodes))), total: Number(total.n) };
}

export async function ownDrama(db: Kysely<Database>, ownerId: number, id: number): Promise<DramaRow> {
  const row = await db.selectFrom('dramas').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row) throw notFound(DRAMA_MESSAGES.NOT_FOUND);
  return row;
}

export async function listEpisodes(db: Kysely<Database>, dramaId: number): Promise<DramaEpisodeRow[]> {
  return db.selectFrom('drama_episodes').selectAll().where('drama_id', '=', dramaId).orderBy('episode_no').execute();
}

export async function seriesOf(db: Kysely<Database>, row: DramaRow): Promise<DramaSeries> {
  const count = await db
    .selectFrom('drama_episodes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('drama_id', '=', row.id)
    .executeTakeFirstOrThrow();
  return toSeries(row, Number(count.n));
}

export async function saveDrama(
  db: Kysely<Database>,
  store: ObjectStore,
  ownerId: number,
  input: Required<DramaSaveRequest>,
  now = new Date(),
): Promise<DramaRow> {
  const title = input.title.trim();
  refuse(dramaTitleProblem(title) ?? dramaIntroProblem(input.intro));
  const current = input.id ? await ownDrama(db, ownerId, input.id) : null;
  const values = {
    title,
    intro: input.intro.trim(),
    status: input.status,
    cover_url: await coverUrl(db, store, input.cover_url, ownerId, current?.cover_url ?? ''),
    updated_at: now,
  };
  if (!current)
    return db
      .insertInto('dramas')
      .values({ owner_id: ownerId, ...values, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  return db.updateTable('dramas').set(values).where('id', '=', current.id).where('owner_id', '=', ownerId).returningAll().executeTakeFirstOrThrow();
}

export async function ownEpisode(db: Kysely<Database>, ownerId: number, id: number): Promise<DramaEpisodeRow> {
  const row = await db
    .selectFrom('drama_episodes')
    .innerJoin('dramas', 'dramas.id', 'drama_episodes.drama_id')
    .selectAll('drama_episodes')
    .where('drama_episodes.id', '=', id)
    .where('dramas.owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) throw notFound(DRAMA_MESSAGES.EPISODE_NOT_FOUND);
  return row;
}

/** A unique-index violation (SQLSTATE 23505, same on both engines) read as "nothing written". */
function uniqueAsNothing(error: unknown): undefined {
  if ((error as { code?: unknown }).code === '23505') return undefined;
  throw error;
}

export async function saveEpisode(
  db: Kysely<Database>,
  store: ObjectStore,
  ownerId: number,
  input: Required<EpisodeSaveRequest>,
  now = new Date(),
): Promise<DramaEpisodeRow> {
  const title = input.title.trim();
  refuse(episodeTitleProblem(title) ?? episodeNoProblem(input.episode_no));
  const drama = await ownDrama(db, ownerId, input.drama_id);
  const current = input.id ? await ownEpisode(db, ownerId, input.id) : null;
  if (current && current.drama_id !== drama.id) throw invalid(DRAMA_MESSAGES.EPISODE_NOT_FOUND);
  const values = {
    episode_no: input.episode_no,
    title,
    video_url: await videoUrl(db, store, input.video_url, ownerId, current?.video_url ?? ''),
    cover_url: await coverUrl(db, store, input.cover_url, ownerId, current?.cover_url ?? ''),
    updated_at: now,
  };
  const taken = await db
    .selectFrom('drama_episodes')
    .select('id')
    .where('drama_id', '=', drama.id)
    .where('episode_no', '=', input.episode_no)
    .$if(Boolean(current), (q) => q.where('id', '!=', current?.id ?? 0))
    .executeTakeFirst();
  if (taken) throw conflict(DRAMA_MESSAGES.EPISODE_TAKEN);
  // A concurrent save of the same number still meets the unique index: skip, then report the conflict.
  const row = current
    ? await db.updateTable('drama_episodes').set(values).where('id', '=', current.id).returningAll().executeTakeFirst().catch(uniqueAsNothing)
    : await db
        .insertInto('drama_episodes')
        .values({ drama_id: drama.id, ...values, created_at: now })
        .onConflict((oc) => oc.columns(['drama_id', 'episode_no']).doNothing())
        .returningAll()
        .executeTakeFirst();
  if (!row) throw conflict(DRAMA_MESSAGES.EPISODE_TAKEN);
  await db.updateTable('dramas').set({ updated_at: now }).where('id', '=', drama.id).execute();
  return row;
}
