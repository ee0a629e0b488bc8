import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '../contract';
import { readStoredUser } from './storage';

export interface SessionState {
  user: UserInfo | null;
}

export interface SessionRootState {
  session: SessionState;
}

export const sessionSlice = createSlice({
  name: 'session',
  // Lazy, so each store starts from what local storage holds when it is created.
  initialState: (): SessionState => ({ user: readStoredUser() }),
  reducers: {
    sessionStarted(state, action: PayloadAction<UserInfo>) {
      state.user = action.payload;
    },
    /** Merges late-arriving user info (ban data, cert flags); ignored without a session. */
    userInfoRefreshed(state, action: PayloadAction<Partial<UserInfo>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    tokenExpired(state) {
      if (state.user) state.user.tokenExpire = true;
    },
    tokenExpireCleared(state) {
      if (state.user) state.user.tokenExpire = false;
    },
    loggedOut(state) {
      state.user = null;
    },
  },
});

export const { sessionStarted, userInfoRefreshed, tokenExpired, tokenExpireCleared, loggedOut } = sessionSlice.actions;

export const selectUser = (state: SessionRootState): UserInfo | null => state.session.user;
export const selectToken = (state: SessionRootState): string => state.session.user?.token ?? '';
export const selectIsLoggedIn = (state: SessionRootState): boolean => Boolean(state.session.user?.token) && state.session.user?.tokenExpire !== true;
export const selectCertified = (state: SessionRootState): boolean => state.session.user?.u_cert === 1;
