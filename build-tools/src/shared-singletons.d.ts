export declare const SHARED_SINGLETONS: readonly [
  'react',
  'react-dom',
  'react-router-dom',
  'antd',
  '@ant-design/icons',
  '@reduxjs/toolkit',
  'react-redux',
  'dayjs',
  'shared-sdk',
];
