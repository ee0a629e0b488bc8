import { useEffect } from 'react';
import { useLocation } from 'shared-sdk/router';
import { LIMITS, readCertFlag, useAppDispatch, userInfoRefreshed } from 'shared-sdk';

/** docs/product.md §4: user info may arrive late, so the real-name flag is read again 3 s after a screen loads. */
export function useCertReread(): void {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(userInfoRefreshed({ u_cert: readCertFlag() ? 1 : 0 })), LIMITS.CERT_REREAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, dispatch]);
}
