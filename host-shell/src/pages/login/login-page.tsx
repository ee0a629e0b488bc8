import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'shared-sdk/router';
import { getToken, useAppDispatch, type LoginRequest } from 'shared-sdk';
import { clearBanNotice, readBanNotice } from '../../features/dialogs/ban-check';
import { checkBanOnce } from '../../features/dialogs/use-startup-ban-check';
import { logIn } from './log-in';
import { LoginForm } from './login-form';
import { safeRedirect } from './safe-redirect';
import './login.css';

// The warnings (antd's Alert) load only when there is one to show.
const LoginNotices = lazy(() => import('./login-notices'));

/** Set by the host when it sends the user here (e.g. token expired). */
export interface LoginLocationState {
  notice?: string;
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const notice = (useLocation().state as LoginLocationState | null)?.notice;
  const [submitting, setSubmitting] = useState(false);
  const [banNotice, setBanNotice] = useState(readBanNotice);

  const onFinish = async (values: LoginRequest) => {
    setSubmitting(true);
    try {
      await logIn(dispatch, values);
      if (await checkBanOnce(dispatch, getToken())) {
        setBanNotice(readBanNotice());
        setSubmitting(false);
        return;
      }
      navigate(safeRedirect(search.get('redirect')), { replace: true });
    } catch {
      // The SDK's error policy has already shown the server's message.
      setSubmitting(false);
    }
  };

  const hasNotice = banNotice !== null || Boolean(notice);
  return (
    <main className="login-page">
      {/* A plain box drawn like antd's Card, in plain elements (login.css): /login loads no antd. */}
      <div className="login-box">
        <h3 className="login-title">创作者中心</h3>
        {hasNotice ? (
          <Suspense fallback={null}>
            <LoginNotices
              ban={banNotice}
              notice={notice}
              onCloseBan={() => {
                clearBanNotice();
                setBanNotice(null);
              }}
            />
          </Suspense>
        ) : null}
        <LoginForm submitting={submitting} onSubmit={(values) => void onFinish(values)} />
      </div>
    </main>
  );
}
