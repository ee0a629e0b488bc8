/**
 * The certification form's limits, plain values that contract/certification/index.ts exports and
 * certification/schemas.ts builds on. The schemas take them from here rather than from the contract
 * module, which imports the schemas' types, so the imports point one way (docs/style.md rule 12).
 */

export const CERT_LIMITS = { orgNameMin: 2, orgNameMax: 60, contactNameMax: 20, reasonMax: 200 } as const;
