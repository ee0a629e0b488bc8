/**
 * `shared-sdk/rules`: the input rules the screens check before they send and the server checks again,
 * as pure functions answering the first problem's message (or null), counting characters as the server
 * does (code points). An entry of its own: a creator's first page needs none of it.
 */
export * from './text';
export * from './materials';
export * from './labels';
export * from './short-drama';
