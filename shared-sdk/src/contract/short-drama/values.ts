/**
 * A short-drama series' statuses and limits, plain values that contract/short-drama/index.ts exports and
 * short-drama/schemas.ts builds on. The schemas take them from here rather than from the contract
 * module, which imports the schemas' types, so the imports point one way (docs/style.md rule 12).
 */

/** A series' state, set by its owner. */
export const DramaStatus = { ONGOING: 1, FINISHED: 2 } as const;
export type DramaStatus = (typeof DramaStatus)[keyof typeof DramaStatus];

export const DRAMA_LIMITS = {
  titleMax: 30,
  introMax: 500,
  episodeTitleMax: 30,
  /** Episode numbers run 1..episodeNoMax within a series, each at most once. */
  episodeNoMax: 999,
  urlMax: 1000,
} as const;
