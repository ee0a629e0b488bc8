/**
 * shared-sdk, the browser side: one instance per page (a Module Federation singleton) holding the
 * runtime config, the HTTP client, the session and its events. The isomorphic contract is re-exported
 * so a screen needs a single import.
 */
export * from './contract';
export * from './config';
export * from './http';
export * from './session';
export * from './store';
export * from './upload';
export * from './media';
// The placeholder screen shown until a feature is built; shared so host and remotes look alike.
export { COMING_SOON_NOTICE, ComingSoon, type ComingSoonProps } from './ui/coming-soon';
