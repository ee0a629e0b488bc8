/**
 * Creator levels (shared-sdk CREATOR_LEVELS): a level needs its creation score and, from Lv2, real-name
 * verification; from Lv4, a credit of at least 80. Returns the level and what is missing for the next.
 */
import { CREATOR_LEVELS, type ScoreBreakdown } from 'shared-sdk/contract';

export const VERIFIED_FROM_LEVEL = 2;
export const CREDIT_FROM_LEVEL = 4;
export const MIN_CREDIT = 80;

export interface LevelFacts {
  score: number;
  dimensions: ScoreBreakdown;
  verified: boolean;
}

function missingFor(level: number, facts: LevelFacts): string[] {
  const info = CREATOR_LEVELS.find((l) => l.level === level);
  if (!info) return [];
  const missing: string[] = [];
  if (facts.score < info.min_score) missing.push(`创作分达到 ${info.min_score}（当前 ${facts.score}）`);
  if (level >= VERIFIED_FROM_LEVEL && !facts.verified) missing.push('完成实名认证');
  if (level >= CREDIT_FROM_LEVEL && facts.dimensions.credit < MIN_CREDIT) missing.push(`信用分不低于 ${MIN_CREDIT}（当前 ${facts.dimensions.credit}）`);
  return missing;
}

export function levelOf(facts: LevelFacts): { level: number; nextMissing: string[] } {
  let level = 1;
  for (const info of CREATOR_LEVELS) {
    if (info.level <= 1) continue;
    if (missingFor(info.level, facts).length > 0) break;
    level = info.level;
  }
  return { level, nextMissing: missingFor(level + 1, facts) };
}
