import { deriveUserInfo, loggedOut, sessionStarted, userInfoRefreshed, type AppDispatch, type LoginRequest, type MpBaseUserinfo } from 'shared-sdk';
import { shellClient } from '../../lib/shell-client';

const NOBODY: MpBaseUserinfo = {
  u_id: 0,
  u_nickname: '',
  u_avatar: '',
  is_reverse_author: 0,
  identities_info: [],
  u_cert: { cert_type: 0 },
  u_phone_masked: '',
};

/** Logs in, then reads who the user is; the session starts only with both. */
export async function logIn(dispatch: AppDispatch, credentials: LoginRequest): Promise<void> {
  const { token } = await shellClient.logIn(credentials);
  // The SDK signs every call with the session's token, so the new token is held before the next call.
  dispatch(sessionStarted(deriveUserInfo(NOBODY, token, null)));
  try {
    const base = await shellClient.userInfo();
    // The ban check starts as soon as the token is held and may have answered already: the user's
    // fields are merged in, so its ban data stays (replacing the session dropped it, and a banned
    // user's first creation then opened its editor instead of the ban dialog).
    const { banData: _notKnownHere, ...user } = deriveUserInfo(base, token, null);
    dispatch(userInfoRefreshed(user));
  } catch (error) {
    dispatch(loggedOut());
    throw error;
  }
}
