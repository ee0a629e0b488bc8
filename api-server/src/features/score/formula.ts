/**
 * The creation score as a pure function of a creator's manuscripts, reader events and bans on one
 * day (README.md in this folder documents every rule). Pure, so the daily job, the on-demand score
 * of today and the rank lists share one definition and tests can pin any day.
 */
import { SCORE_DIMENSIONS, type ScoreBreakdown } from 'shared-sdk/contract';
import type { CreatorEventKind } from '../../db/schema';
import { DAY_MS, dayOf, dayStart } from './calendar';

export interface ScoreManuscript {
  type: number;
  status: number;
  created_at: Date;
  published_at: Date | null;
}
export interface ScoreEvent {
  kind: CreatorEventKind;
  amount: number;
  content_type: number;
  occurred_at: Date;
}
export interface ScoreBan {
  created_at: Date;
  lifted_at: Date | null;
  active: boolean;
}
export interface ScoreInputs {
  manuscripts: ScoreManuscript[];
  events: ScoreEvent[];
  bans: ScoreBan[];
}

export interface DayScore {
  score: number;
  dimensions: ScoreBreakdown;
}

/** Windows, in days, ending with the scored day. */
export const RECENT_DAYS = 30;
export const REVIEW_DAYS = 90;
/** The manuscripts' rejected status (ManuscriptStatus.REJECTED). */
const REJECTED = 6;
/** Quality before anything was reviewed: neither rewarded nor punished. */
export const QUALITY_NEUTRAL = 60;
const INTERACTION_POINTS: Record<Exclude<CreatorEventKind, 'violation'>, number> = { read: 0.01, like: 1, comment: 2, share: 3 };
/** Interaction points worth one point of 互动. */
const POINTS_PER_INTERACTION = 30;
const BAN_PENALTY = 30;
const BAN_IN_FORCE_PENALTY = 20;
const VIOLATION_PENALTY = 10;

const clamp = (value: number): number => Math.max(0, Math.min(100, Math.round(value)));
const within = (at: Date | null, from: number, to: number): at is Date => at !== null && at.getTime() >= from && at.getTime() < to;

/** The score of `day`; `type` 1–3 counts only that content type's manuscripts and events (the rank by type). */
export function scoreOn(inputs: ScoreInputs, day: string, type = 0): DayScore {
  const end = dayStart(day).getTime() + DAY_MS;
  const recent = end - RECENT_DAYS * DAY_MS;
  const review = end - REVIEW_DAYS * DAY_MS;
  const manuscripts = type === 0 ? inputs.manuscripts : inputs.manuscripts.filter((m) => m.type === type);

  const published = manuscripts.filter((m) => within(m.published_at, recent, end));
  const creation = clamp(published.length * 10);
  const activeDays = new Set(published.map((m) => dayOf(m.published_at as Date))).size;
  const activity = clamp((activeDays * 100) / 15);

  const reviewed = manuscripts.filter((m) => within(m.created_at, review, end) && (m.published_at !== null || m.status === REJECTED));
  const passed = reviewed.filter((m) => m.published_at !== null).length;
  const quality = reviewed.length === 0 ? QUALITY_NEUTRAL : clamp((100 * passed) / reviewed.length);

  let points = 0;
  let violations = 0;
  for (const event of inputs.events) {
    if (event.kind === 'violation') {
      if (within(event.occurred_at, review, end)) violations += event.amount;
    } else if (within(event.occurred_at, recent, end) && (type === 0 || event.content_type === type)) {
      points += event.amount * INTERACTION_POINTS[event.kind];
    }
  }
  const interaction = clamp(points / POINTS_PER_INTERACTION);

  const bansStarted = inputs.bans.filter((b) => within(b.created_at, review, end)).length;
  const inForce = inputs.bans.some((b) => b.created_at.getTime() < end && (b.lifted_at ? b.lifted_at.getTime() >= end : b.active));
  const credit = clamp(100 - bansStarted * BAN_PENALTY - (inForce ? BAN_IN_FORCE_PENALTY : 0) - violations * VIOLATION_PENALTY);

  const dimensions: ScoreBreakdown = { creation, activity, quality, interaction, credit };
  const weighted = SCORE_DIMENSIONS.reduce((sum, d) => sum + dimensions[d.code] * d.weight, 0);
  return { score: clamp(weighted / 100), dimensions };
}

/** Whether the creator published anything of `type` (0: any) in the `days` ending with `day`. */
export function publishedWithin(inputs: ScoreInputs, day: string, days: number, type = 0): boolean {
  const end = dayStart(day).getTime() + DAY_MS;
  const from = end - days * DAY_MS;
  return inputs.manuscripts.some((m) => (type === 0 || m.type === type) && within(m.published_at, from, end));
}
