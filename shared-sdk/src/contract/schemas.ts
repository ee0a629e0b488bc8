/**
 * The contract as schemas: every converted call of the product (docs/product.md §7 and the calls the product
 * adds), one file per feature. Server-side runtime only: browser code imports these with
 * `import type` (the types in `shared-sdk/contract` are derived from them), so TypeBox stays out of
 * the browser's bundles.
 */
import type { ContractRoute } from './core/route';
import * as account from './account/schemas';
import * as ai from './ai/schemas';
import * as bans from './bans/schemas';
import * as certification from './certification/schemas';
import * as drafts from './drafts/schemas';
import * as editor from './editor/schemas';
import * as help from './help/schemas';
import * as jobs from './jobs/schemas';
import * as labels from './labels/schemas';
import * as materials from './materials/schemas';
import * as menu from './menu/schemas';
import * as newspaper from './newspaper/schemas';
import * as notices from './notices/schemas';
import * as operator from './operator/schemas';
import * as rank from './rank/schemas';
import * as releases from './releases/schemas';
import * as rights from './rights/schemas';
import * as runtime from './runtime/schemas';
import * as score from './score/schemas';
import * as session from './session/schemas';
import * as shortDrama from './short-drama/schemas';
import * as tools from './tools/schemas';
import * as uploads from './uploads/schemas';

export * from './core/common';
export * from './core/route';
export * as account from './account/schemas';
export * as ai from './ai/schemas';
export * as bans from './bans/schemas';
export * as certification from './certification/schemas';
export * as drafts from './drafts/schemas';
export * as editor from './editor/schemas';
export * as editorDocument from './editor/document';
export * as help from './help/schemas';
export * as jobs from './jobs/schemas';
export * as labels from './labels/schemas';
export * as materials from './materials/schemas';
export * as menu from './menu/schemas';
export * as newspaper from './newspaper/schemas';
export * as notices from './notices/schemas';
export * as operator from './operator/schemas';
export * as rank from './rank/schemas';
export * as releases from './releases/schemas';
export * as rights from './rights/schemas';
export * as runtime from './runtime/schemas';
export * as score from './score/schemas';
export * as session from './session/schemas';
export * as shortDrama from './short-drama/schemas';
export * as tools from './tools/schemas';
export * as uploads from './uploads/schemas';

const isRoute = (value: unknown): value is ContractRoute =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'method' in value && 'url' in value;

/** Every call the contract describes; the server's coverage test holds its routes against this. */
export const contractRoutes: readonly ContractRoute[] = [
  account,
  ai,
  bans,
  certification,
  drafts,
  editor,
  help,
  jobs,
  labels,
  materials,
  menu,
  newspaper,
  notices,
  operator,
  rank,
  releases,
  rights,
  runtime,
  score,
  session,
  shortDrama,
  tools,
  uploads,
].flatMap((feature) => (Object.values(feature) as unknown[]).filter(isRoute));
