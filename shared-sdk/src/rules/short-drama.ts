/**
 * The rules of a short-drama series and its episodes (`POST /api/drama/save`, `/api/drama/episode/save`):
 * the series dialog and the episode form check them before they send, the server again.
 */
import { DRAMA_LIMITS } from 'shared-sdk/contract';
import { charCount } from './text';

export const DRAMA_INPUT_MESSAGES = {
  TITLE: `请输入1-${DRAMA_LIMITS.titleMax}个字的短剧名称`,
  INTRO: `简介不能超过${DRAMA_LIMITS.introMax}个字`,
  EPISODE_TITLE: `请输入1-${DRAMA_LIMITS.episodeTitleMax}个字的剧集标题`,
  EPISODE_NO: `集数需为1-${DRAMA_LIMITS.episodeNoMax}的整数`,
} as const;

const M = DRAMA_INPUT_MESSAGES;
const chars = (text: string): number => charCount(text.trim());

/** A series' name, trimmed: 1 to DRAMA_LIMITS.titleMax characters. */
export function dramaTitleProblem(title: string): string | null {
  const n = chars(title);
  return n < 1 || n > DRAMA_LIMITS.titleMax ? M.TITLE : null;
}

/** A series' introduction, trimmed: at most DRAMA_LIMITS.introMax characters. */
export function dramaIntroProblem(intro: string): string | null {
  return chars(intro) > DRAMA_LIMITS.introMax ? M.INTRO : null;
}

/** An episode's title, trimmed: 1 to DRAMA_LIMITS.episodeTitleMax characters. */
export function episodeTitleProblem(title: string): string | null {
  const n = chars(title);
  return n < 1 || n > DRAMA_LIMITS.episodeTitleMax ? M.EPISODE_TITLE : null;
}

/** An episode's number: a whole number from 1 to DRAMA_LIMITS.episodeNoMax. */
export function episodeNoProblem(no: number): string | null {
  return !Number.isInteger(no) || no < 1 || no > DRAMA_LIMITS.episodeNoMax ? M.EPISODE_NO : null;
}
