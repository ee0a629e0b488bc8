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
// antd-based pieces (the image-upload hook) live in `shared-sdk/ui`, off the first load.
