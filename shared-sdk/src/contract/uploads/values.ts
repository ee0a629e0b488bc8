/**
 * A committed video's transcoding states, plain values that contract/uploads/index.ts exports and
 * uploads/schemas.ts builds on. The schemas take them from here rather than from the contract
 * module, which imports the schemas' types, so the imports point one way (docs/style.md rule 12).
 */

export const VideoState = {
  TRANSCODING: 0,
  DONE: 1,
  FAILED: 2,
} as const;
export type VideoState = (typeof VideoState)[keyof typeof VideoState];
