/**
 * The contract as schemas: every converted call of the product (docs/product.md §7 and the calls the product
 * adds), one file per feature. Server-side runtime only: browser code imports these with
 * `import type` (the types in `shared-sdk/contract` are derived from them), so TypeBox stays out of
 * the browser's bundles.
 */
import type { ContractRoute } from './route';
import * as account from './account';
import * as ai from './ai';
import * as bans from './bans';
import * as certification from './certification';
import * as drafts from './drafts';
import * as editor from './editor';
import * as help from './help';
import * as jobs from './jobs';
import * as labels from './labels';
import * as materials from './materials';
import * as menu from './menu';
import * as newspaper from './newspaper';
import * as notices from './notices';
import * as operator from './operator';
import * as rank from './rank';
import * as releases from './releases';
import * as rights from './rights';
import * as runtime from './runtime';
import * as score from './score';
import * as session from './session';
import * as shortDrama from './short-drama';
import * as tools from './tools';
import * as uploads from './uploads';

export * from './common';
export * from './route';
export * as account from './account';
export * as ai from './ai';
export * as bans from './bans';
export * as certification from './certification';
export * as drafts from './drafts';
export * as editor from './editor';
export * as editorDocument from './editor-document';
export * as help from './help';
export * as jobs from './jobs';
export * as labels from './labels';
export * as materials from './materials';
export * as menu from './menu';
export * as newspaper from './newspaper';
export * as notices from './notices';
export * as operator from './operator';
export * as rank from './rank';
export * as releases from './releases';
export * as rights from './rights';
export * as runtime from './runtime';
export * as score from './score';
export * as session from './session';
export * as shortDrama from './short-drama';
export * as tools from './tools';
export * as uploads from './uploads';

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
