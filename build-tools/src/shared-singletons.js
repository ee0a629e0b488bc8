// The singletons every part shares (ARCHITECTURE: one instance each in the page). The build shares
// exactly these, and the deploy gate checks exactly these against the host.
//
// React Router is not on the list as a package of its own: it is shared as `shared-sdk/router`, a
// module of shared-sdk that re-exports only what the code uses (a shared module cannot be
// tree-shaken, so sharing react-router-dom shipped all of it to every page). Its share key belongs to
// shared-sdk (see SHARED_MODULES) and the deploy gate checks it as part of shared-sdk.
export const SHARED_SINGLETONS = /** @type {const} */ ([
  'react',
  'react-dom',
  'antd',
  '@ant-design/icons',
  '@reduxjs/toolkit',
  'react-redux',
  'dayjs',
  'shared-sdk',
]);

// Modules of a singleton package shared under their own key, besides the package itself. The host
// provides them; a remote takes them only from the host (`import: false`), like antd's components.
// `shared-sdk/contract` (enums, limits, the signing of calls) is already in every page the host
// draws; taken from there, a remote screen needs no copy of its own (8 KB gzip and a request each).
export const SHARED_MODULES = /** @type {const} */ (['shared-sdk/router', 'shared-sdk/contract']);
