import { createAppStore } from '../store';
import { makeUser } from '../testing/fixtures';
import { bindStore, getSessionUser, getToken, readCertFlag } from './access';
import {
  loggedOut,
  selectCertified,
  selectIsLoggedIn,
  selectToken,
  selectUser,
  sessionStarted,
  tokenExpireCleared,
  tokenExpired,
  userInfoRefreshed,
} from './session-slice';
import { USER_INFO_STORAGE_KEY } from './storage';

const stored = () => JSON.parse(localStorage.getItem(USER_INFO_STORAGE_KEY) ?? 'null') as unknown;

beforeEach(() => localStorage.clear());

describe('session persisted to local storage', () => {
  it('writes every change under userInfo and a new store (a reload) reads it back', () => {
    const store = createAppStore();
    expect(selectUser(store.getState())).toBeNull();

    store.dispatch(sessionStarted(makeUser({ u_cert: 0 })));
    expect(stored()).toMatchObject({ token: 'tok-7', u_cert: 0 });
    store.dispatch(userInfoRefreshed({ u_cert: 1, banData: { ban_type: 1, ban_range_type: '3' } }));
    expect(stored()).toMatchObject({ u_cert: 1, banData: { ban_type: 1, ban_range_type: '3' } });

    const reloaded = createAppStore();
    expect(selectUser(reloaded.getState())).toEqual(selectUser(store.getState()));
    expect(selectCertified(reloaded.getState())).toBe(true);
  });

  it('ignores unreadable stored info', () => {
    localStorage.setItem(USER_INFO_STORAGE_KEY, '{not json');
    expect(selectUser(createAppStore().getState())).toBeNull();
  });

  it('removes the stored info on logout', () => {
    const store = createAppStore();
    store.dispatch(sessionStarted(makeUser()));
    store.dispatch(loggedOut());
    expect(localStorage.getItem(USER_INFO_STORAGE_KEY)).toBeNull();
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(selectToken(store.getState())).toBe('');
  });

  it('ignores a refresh without a session', () => {
    const store = createAppStore();
    store.dispatch(userInfoRefreshed({ u_cert: 1 }));
    expect(selectUser(store.getState())).toBeNull();
  });
});

describe('logged-in state', () => {
  it('needs a token and no expiry flag', () => {
    const store = createAppStore();
    store.dispatch(sessionStarted(makeUser()));
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(tokenExpired());
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(stored()).toMatchObject({ tokenExpire: true });
    store.dispatch(tokenExpireCleared());
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    store.dispatch(userInfoRefreshed({ token: '' }));
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });
});

describe('helpers outside React', () => {
  it('read local storage when no store is bound, the bound store otherwise', () => {
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(makeUser({ token: 'from-storage' })));
    expect(getToken()).toBe('from-storage');

    const store = createAppStore({ session: { user: makeUser({ token: 'from-store' }) } });
    const unbind = bindStore(store);
    expect(getToken()).toBe('from-store');
    expect(getSessionUser()?.token).toBe('from-store');
    unbind();
    expect(getToken()).toBe('from-storage');
  });

  it('readCertFlag reads local storage afresh each time (user info may arrive late)', () => {
    expect(readCertFlag()).toBe(false);
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(makeUser({ u_cert: 0 })));
    expect(readCertFlag()).toBe(false);
    localStorage.setItem(USER_INFO_STORAGE_KEY, JSON.stringify(makeUser({ u_cert: 1 })));
    expect(readCertFlag()).toBe(true);
  });
});
