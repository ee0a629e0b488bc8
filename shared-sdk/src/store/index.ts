export { baseApi, API_TAG_TYPES } from './base-api';
export { queryResult, sdkBaseQuery, type SdkQueryArgs, type SdkQueryError } from './base-query';
export { failureCode, failureText, isSdkQueryError } from './query-failure';
export { rootReducer, createAppStore, type RootState, type AppStore, type AppDispatch } from './app-store';
export { useAppDispatch, useAppSelector } from './hooks';
export { routeEndpoint, routeQuery, type RouteQueryArgs, type RouteQueryOptions } from './route-query';
