import { useEffect } from 'react';
import { useNavigate } from 'shared-sdk/router';
import { selectToken, useAppDispatch, useAppSelector, type AppDispatch } from 'shared-sdk';
import { checkBan } from './ban-check';

const checks = new Map<string, Promise<boolean | null>>();

/** After a check that could not be made, it is asked again this long later (then at the next page load). */
export const BAN_RECHECK_MS: readonly number[] = [3_000, 15_000, 60_000];

/** One ban check per session token, shared by start-up and the login page; a failed one is not kept. */
function sharedCheck(dispatch: AppDispatch, token: string): Promise<boolean | null> {
  let check = checks.get(token);
  if (!check) {
    check = checkBan(dispatch, token).then((result) => {
      if (result === null) checks.delete(token);
      return result;
    });
    checks.set(token, check);
  }
  return check;
}

/** True when the user was logged out (ban type 2). */
export async function checkBanOnce(dispatch: AppDispatch, token: string): Promise<boolean> {
  return (await sharedCheck(dispatch, token)) === true;
}

/**
 * At start-up (a stored session) and right after login: read the ban data; ban type 2 → /login.
 * A check that fails (network, server) is asked again a few times: until it succeeds the page's
 * guards cannot know a ban type 1 (the server still refuses the banned user's writes).
 */
export function useStartupBanCheck(): void {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (!token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = (attempt: number) => {
      void sharedCheck(dispatch, token).then((result) => {
        // Logged out by the check itself (which also ends this effect: the token is gone).
        if (result === true) navigate('/login', { replace: true });
        else if (result === null && live && attempt < BAN_RECHECK_MS.length) timer = setTimeout(() => run(attempt + 1), BAN_RECHECK_MS[attempt]);
      });
    };
    run(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, dispatch, navigate]);
}

/** Tests start each render from scratch. */
export function resetBanChecks(): void {
  checks.clear();
}
