import { Alert } from 'antd';
import { AntdLocale } from '../../lib/antd-locale';

/** The login page's warnings (ban reason, why the session ended); loaded only when one shows. */
export default function LoginNotices({ ban, notice, onCloseBan }: { ban: string | null; notice?: string; onCloseBan: () => void }) {
  return (
    // /login renders outside the screens' antd providers: the locale comes with the warnings.
    <AntdLocale>
      {ban !== null ? (
        <Alert type="error" showIcon closable onClose={onCloseBan} title={`账号已被封禁：${ban}`} style={{ marginBottom: 16 }} data-testid="ban-notice" />
      ) : null}
      {notice ? <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
    </AntdLocale>
  );
}
