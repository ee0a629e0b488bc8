/**
 * The part of shared-sdk that server and browser both use: answer envelope, signing, enumerations,
 * user-info derivation and API types. Nothing here imports React or the DOM.
 *
 * The shared pieces (core/), then each feature's index.ts: its types (taken from its schemas.ts with
 * `import type`, so TypeBox stays out of the page), its values and helpers. Never a feature's
 * schemas.ts at runtime, nor an entry of its own (operator/roles.ts, operator/audit-actions.ts,
 * releases/values.ts): every name exported here is in the /login page's bundle.
 */
export * from './core/envelope';
export * from './core/sign';
export * from './core/enums';
export * from './core/byte-size';
export type { CountData } from './core/common';
export * from './account';
export * from './ai';
export * from './bans';
export * from './certification';
export * from './drafts';
export * from './editor';
export * from './help';
export * from './jobs';
export * from './labels';
export * from './materials';
export * from './menu';
export * from './newspaper';
export * from './notices';
export * from './operator';
export * from './rank';
export * from './rights';
export * from './runtime';
export * from './score';
export * from './session';
export * from './short-drama';
export * from './tools';
export * from './uploads';
