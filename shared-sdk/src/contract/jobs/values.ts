/**
 * A job post's statuses and limits, plain values that contract/jobs/index.ts exports and jobs/schemas.ts
 * builds on. The schemas take them from here rather than from the contract module, which imports
 * the schemas' types, so the imports point one way (docs/style.md rule 12).
 */

export const JobStatus = { OPEN: 1, PAUSED: 2, CLOSED: 3 } as const;
export type JobStatus = (typeof JobStatus)[keyof typeof JobStatus];

export const JOB_LIMITS = {
  titleMin: 2,
  titleMax: 30,
  /** Monthly salary in yuan. */
  salaryMin: 1,
  salaryMax: 1_000_000,
  cityMax: 20,
  headcountMax: 999,
  descriptionMin: 10,
  descriptionMax: 2000,
  contactNameMax: 20,
} as const;
