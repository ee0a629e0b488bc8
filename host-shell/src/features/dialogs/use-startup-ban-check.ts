import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectToken, useAppDispatch, useAppSelector, type AppDispatch } from 'shared-sdk';
import { checkBan } from './ban-check';

const checks = new Map<string, Promise<boolean>>();

/** One ban check per session token, shared by start-up and the login page. */
export function checkBanOnce(dispatch: AppDispatch, token: string): Promise<boolean> {
  let check = checks.get(token);
  if (!check) {
    check = checkBan(dispatch, token);
    checks.set(token, check);
  }
  return check;
}

/** At start-up (a stored session) and right after login: read the ban data; ban type 2 → /login. */
export function useStartupBanCheck(): void {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (!token) return;
    void checkBanOnce(dispatch, token).then((forced) => {
      if (forced) navigate('/login', { replace: true });
    });
  }, [token, dispatch, navigate]);
}

/** Tests start each render from scratch. */
export function resetBanChecks(): void {
  checks.clear();
}
