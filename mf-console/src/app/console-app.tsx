import { useEffect, useState } from 'react';
import { Modal, Result, Spin } from 'antd';
import { Navigate, Route, Routes } from 'shared-sdk/router';
import { onOperatorSignedOut } from 'shared-sdk/operator';
import { OperatorContext } from '../lib/operator-context';
import { codeStep, passwordStep, useOperatorSessionQuery, useSignOutMutation } from '../features/session/api';
import { SignInForm, SignInPage } from '../features/session/sign-in-form';
import { ConsoleLayout } from './console-layout';
import { SCREENS, consolePath } from './screens';

const SIGN_IN_CALLS = { password: passwordStep, code: codeStep };

/**
 * The console at /console/*: its own sign-in (password, then a TOTP code), then its layout and
 * screens. When the session ends mid-work (expired, revoked), the sign-in opens over the screen, so
 * nothing typed there is lost; signing in again continues where the operator was.
 */
export function ConsoleApp() {
  const session = useOperatorSessionQuery({});
  const [signOut] = useSignOutMutation();
  // 'expired': a call found the session gone; 'signed-out': the operator left (退出登录).
  const [ended, setEnded] = useState<'expired' | 'signed-out' | null>(null);
  useEffect(() => onOperatorSignedOut(() => setEnded((now) => now ?? 'expired')), []);

  const signedIn = () => {
    setEnded(null);
    void session.refetch();
  };
  const operator = ended === 'signed-out' ? undefined : session.data;

  if (!operator) {
    if (!ended && (session.isLoading || (session.isFetching && !session.isError))) {
      return (
        <main style={{ padding: 48, textAlign: 'center' }}>
          <Spin aria-label="加载中" />
        </main>
      );
    }
    if (!ended && session.isError && (session.error as { code?: number }).code !== -1) {
      return (
        <main>
          <Result status="error" title="运营后台暂时无法打开" subTitle={(session.error as { message?: string }).message} />
        </main>
      );
    }
    return <SignInPage calls={SIGN_IN_CALLS} onSignedIn={signedIn} />;
  }

  const allowed = SCREENS.filter((screen) => operator.permissions.includes(screen.permission));
  // An operator without the home screen (a release manager) starts on their first screen.
  const start = allowed.some((screen) => !screen.path) ? null : allowed[0];

  return (
    <OperatorContext.Provider value={operator}>
      <ConsoleLayout
        operator={operator}
        onSignOut={() => {
          void signOut({})
            .unwrap()
            .catch(() => undefined)
            .finally(() => setEnded('signed-out'));
        }}
      >
        <Routes>
          {allowed.map((screen) =>
            screen.path ? <Route key={screen.path} path={screen.path} element={screen.element} /> : <Route key="home" index element={screen.element} />,
          )}
          {start && <Route key="start" index element={<Navigate to={consolePath(start.path)} replace />} />}
          <Route path="*" element={<Result status="404" title="404" subTitle="抱歉，你访问的页面不存在" />} />
        </Routes>
      </ConsoleLayout>
      <Modal open={ended === 'expired'} title="请重新登录运营后台" footer={null} closable={false} mask={{ closable: false }} keyboard={false}>
        <SignInForm calls={SIGN_IN_CALLS} onSignedIn={signedIn} />
      </Modal>
    </OperatorContext.Provider>
  );
}
