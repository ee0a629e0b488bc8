/**
 * The part of shared-sdk that server and browser both use: answer envelope, signing, enumerations,
 * user-info derivation and API types. Nothing here imports React or the DOM.
 */
export * from './envelope';
export * from './sign';
export * from './enums';
export * from './user';
export * from './runtime';
export * from './sidebar';
export * from './shell-routes';
export * from './runtime-calls';
export * from './api';
export * from './content';
export * from './short-drama';
export * from './creator-growth';
export * from './editor';
export * from './certification';
export * from './jobs';
export * from './ai';
export * from './video';
export * from './operator';
export * from './storage-refusals';
export * from './byte-size';
