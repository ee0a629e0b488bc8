import { Layout } from 'antd';
import { useNavigate } from 'shared-sdk/router';
import { callApi, LIMITS, loggedOut, useAppDispatch } from 'shared-sdk';
import { session } from 'shared-sdk/contract/calls';
import { CreationDropdown, CustomerService, NoticeBell } from './header-actions';
import { HeaderUser } from './header-user';
import './app-header.css';

/** @param onPreload starts loading a page's code when its header entry is hovered (as the sidebar's entries do). */
export function AppHeader({ onPreload }: { onPreload?: (url: string) => void } = {}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const logOut = async () => {
    try {
      await callApi(session.logout, undefined, { skipErrorHandler: true });
    } catch (error) {
      // The token is dropped locally either way; the server's copy expires on its own.
      console.warn('host-shell: logout call failed', error);
    } finally {
      dispatch(loggedOut());
      navigate('/login', { replace: true });
    }
  };

  return (
    <Layout.Header
      style={{
        height: LIMITS.HEADER_HEIGHT,
        lineHeight: `${LIMITS.HEADER_HEIGHT}px`,
        padding: '0 24px',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      <div className="header-bar">
        <h4 className="header-title">创作者中心</h4>
        <div className="header-actions">
          <CreationDropdown />
          <CustomerService />
          <NoticeBell onPreload={onPreload} />
          <HeaderUser onLogOut={() => void logOut()} />
        </div>
      </div>
    </Layout.Header>
  );
}
