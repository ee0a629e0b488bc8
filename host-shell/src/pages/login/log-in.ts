import {
  apiGet,
  apiPost,
  deriveUserInfo,
  loggedOut,
  sessionStarted,
  type AppDispatch,
  type LoginAnswer,
  type LoginRequest,
  type MpBaseUserinfo,
} from 'shared-sdk';

export const LOGIN_PATH = '/login/admin/login';
export const USER_INFO_PATH = '/api/user/mpBaseUserinfo';

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
  const { token } = await apiPost<LoginAnswer>(LOGIN_PATH, { ...credentials });
  // The SDK signs every call with the session's token, so the new token is held before the next call.
  dispatch(sessionStarted(deriveUserInfo(NOBODY, token, null)));
  try {
    const base = await apiGet<MpBaseUserinfo>(USER_INFO_PATH);
    dispatch(sessionStarted(deriveUserInfo(base, token, null)));
  } catch (error) {
    dispatch(loggedOut());
    throw error;
  }
}
