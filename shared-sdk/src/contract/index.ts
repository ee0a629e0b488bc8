/**
 * The part of shared-sdk that server and browser both use: answer envelope, signing, enumerations,
 * user-info derivation and API types. Nothing here imports React or the DOM.
 */
export * from './core/envelope';
export * from './core/sign';
export * from './core/enums';
export * from './account';
export * from './runtime/values';
export * from './menu/sidebar';
export * from './menu/shell-routes';
export * from './runtime';
export * from './api';
export * from './drafts/values';
export * from './short-drama';
export * from './score';
export * from './editor';
export * from './certification';
export * from './jobs';
export * from './ai';
export * from './uploads';
export * from './operator';
export * from './uploads/storage-refusals';
export * from './core/byte-size';
