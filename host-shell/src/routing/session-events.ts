import { useEffect } from 'react';
import { useLocation, useNavigate } from 'shared-sdk/router';
import { loggedOut, onSessionEvent, useAppDispatch } from 'shared-sdk';
import type { LoginLocationState } from '../pages/login/login-page';
import { LOGIN } from './gate-redirect';

/** The host's answer to the SDK's session events that move the user (the dialogs come later). */
export function useSessionNavigation(): void {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const here = pathname + search;

  useEffect(() => {
    const back = here.startsWith(LOGIN) ? '' : `?redirect=${encodeURIComponent(here)}`;
    const offExpired = onSessionEvent('token-expired', ({ message }) => {
      const state: LoginLocationState = { notice: message };
      navigate(`${LOGIN}${back}`, { state });
    });
    const offLogout = onSessionEvent('logout', () => {
      dispatch(loggedOut());
      navigate(LOGIN, { replace: true });
    });
    return () => {
      offExpired();
      offLogout();
    };
  }, [navigate, dispatch, here]);
}
