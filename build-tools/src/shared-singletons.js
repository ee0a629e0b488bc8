// The singletons every part shares (ARCHITECTURE: one instance each in the page). The build shares
// exactly these, and the deploy gate checks exactly these against the host.
export const SHARED_SINGLETONS = /** @type {const} */ ([
  'react',
  'react-dom',
  'react-router-dom',
  'antd',
  '@ant-design/icons',
  '@reduxjs/toolkit',
  'react-redux',
  'dayjs',
  'shared-sdk',
]);
