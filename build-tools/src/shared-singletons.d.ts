export declare const SHARED_SINGLETONS: readonly ['react', 'react-dom', 'antd', '@ant-design/icons', '@reduxjs/toolkit', 'react-redux', 'dayjs', 'shared-sdk'];

export declare const SHARED_MODULES: readonly ['shared-sdk/router', 'shared-sdk/contract'];
