/**
 * Every feature of the server, in one explicit list: add a feature with one line here (see the
 * README, "Adding a feature"). Each receives the same options and takes what it needs.
 */
import type { FastifyPluginAsync } from 'fastify';
import account from './account';
import ai from './ai';
import bans from './bans';
import docs from './docs';
import drafts from './drafts';
import editor from './editor';
import enterprise from './enterprise';
import govAffairs from './gov-affairs';
import jobs from './jobs';
import help from './help';
import labels from './labels';
import materials from './materials';
import media from './media';
import menu from './menu';
import newspaper from './newspaper';
import notices from './notices';
import operators from './operators';
import oss from './oss';
import rank from './rank';
import releases from './releases';
import rights from './rights';
import runtime from './runtime';
import score from './score';
import type { RemoteSource } from './runtime/remote-source';
import session from './session';
import storageThread from './oss/storage-thread';
import shortDrama from './short-drama';
import tools from './tools';
import upload from './upload';
import video from './video';
import web from './web';

export interface FeatureOptions {
  remoteSource: RemoteSource;
}

export const features: ReadonlyArray<FastifyPluginAsync<FeatureOptions>> = [
  runtime,
  releases,
  session,
  operators,
  account,
  notices,
  bans,
  enterprise,
  govAffairs,
  jobs,
  tools,
  shortDrama,
  menu,
  oss,
  storageThread,
  newspaper,
  drafts,
  editor,
  materials,
  labels,
  upload,
  score,
  rank,
  rights,
  help,
  media,
  ai,
  video,
  docs,
  // Last: it owns the not-found handler (SPA fallback and JSON 404s).
  web,
];
