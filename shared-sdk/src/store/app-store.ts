import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from './base-api';
import { sessionSlice } from '../session/session-slice';
import { writeStoredUser } from '../session/storage';

/**
 * Slices remotes inject at run time. A remote that wants them typed on RootState augments this
 * interface; the simpler way is `mySlice.injectInto(rootReducer)` and the selectors it returns.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(sessionSlice, baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/** Creates the page's store; every change of the user is written back to local storage. */
export function createAppStore(preloadedState?: Partial<RootState>): AppStore {
  const store = makeStore(preloadedState);
  let lastUser = store.getState().session.user;
  store.subscribe(() => {
    const user = store.getState().session.user;
    if (user === lastUser) return;
    lastUser = user;
    writeStoredUser(user);
  });
  return store;
}
