import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { baseApi } from './base-api';
import { sessionSlice } from '../session/session-slice';
import { writeStoredUser } from '../session/storage';

/** A remote injects a UI slice at run time with `mySlice.injectInto(rootReducer)` and reads it through the selectors that returns. */
export const rootReducer = combineSlices(sessionSlice, baseApi);

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
