import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { Navigate, useLocation } from 'shared-sdk/router';
import { selectIsLoggedIn, tokenExpireCleared, type AppStore } from 'shared-sdk';
import { gateRedirect } from './gate-redirect';

interface Judgement {
  key: string;
  loggedIn: boolean;
}

/**
 * Applies the navigation rules on every navigation. The session is read when the navigation happens
 * and the token-expired flag is cleared right after (docs/product.md §2), so a user whose token expired reaches
 * /login once instead of bouncing back to /index.
 */
export function NavigationGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const store = useStore() as AppStore;
  const [judged, setJudged] = useState<Judgement | null>(null);

  let loggedIn = judged?.loggedIn ?? false;
  if (judged?.key !== location.key) {
    loggedIn = selectIsLoggedIn(store.getState());
    setJudged({ key: location.key, loggedIn });
  }

  useEffect(() => {
    if (store.getState().session.user?.tokenExpire) store.dispatch(tokenExpireCleared());
  }, [location.key, store]);

  const target = gateRedirect(location.pathname, location.search, loggedIn);
  return target ? <Navigate to={target} replace /> : children;
}
