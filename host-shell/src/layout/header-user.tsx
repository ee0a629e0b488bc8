import { useState } from 'react';
import { Tooltip } from 'antd';
import { SafetyCertificateFilled, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'shared-sdk/router';
import { ENTERPRISE_CERT_LABELS, ENTERPRISE_CERTIFIED_STATUS, selectUser, useAppSelector } from 'shared-sdk';
import { useEnterpriseQuery, useWearBadgeQuery } from '../features/shell/api';
import { HeaderMenu } from './header-menu';

export const ENTERPRISE_CERT_TYPE = 24;

export function enterpriseLabel(answer: { status: number; cert_audit_status: number } | undefined): string {
  if (!answer) return '';
  if (answer.status === ENTERPRISE_CERTIFIED_STATUS) return '已认证';
  return ENTERPRISE_CERT_LABELS[answer.cert_audit_status] ?? '';
}

/**
 * A small round avatar as antd's Avatar draws it (app-header.css): the picture, or the user icon
 * when there is none or it fails to load.
 */
function UserAvatar({ src }: { src: string | undefined }) {
  const [failed, setFailed] = useState<string | undefined>();
  const image = src && failed !== src ? src : undefined;
  return (
    <span className={image ? 'header-avatar header-avatar-image' : 'header-avatar'}>
      {image ? <img src={image} alt="" onError={() => setFailed(image)} /> : <UserOutlined />}
    </span>
  );
}

/** Nickname (enterprise badge icon for cert_type 24, worn badge) and the user dropdown. */
export function HeaderUser({ onLogOut }: { onLogOut: () => void }) {
  const user = useAppSelector(selectUser);
  const navigate = useNavigate();
  // Only the answers: a query's pending and fetching flags would each render the dropdown again, in the
  // store's synchronous render.
  const { data: enterprise } = useEnterpriseQuery(undefined, { selectFromResult: ({ data }) => ({ data }) });
  const { data: badge } = useWearBadgeQuery(undefined, { selectFromResult: ({ data }) => ({ data }) });
  const status = enterpriseLabel(enterprise);

  const items = [
    { key: 'enterprise', label: `企业认证${status ? `（${status}）` : ''}` },
    { key: 'settings', label: '设置' },
    { key: 'logout', label: '退出登录' },
  ];
  const onSelect = (key: string) => {
    if (key === 'enterprise') navigate('/enterprise');
    else if (key === 'settings') navigate('/user');
    else onLogOut();
  };

  return (
    <HeaderMenu
      items={items}
      onSelect={onSelect}
      openOnHover
      trigger={(props) => (
        <button {...props} type="button" className={`${props.className} header-user`} data-testid="user-menu">
          <UserAvatar src={user?.u_avatar || undefined} />
          <span>{user?.u_nickname}</span>
          {user?.cert_type === ENTERPRISE_CERT_TYPE ? (
            <Tooltip title="企业认证">
              <SafetyCertificateFilled aria-label="企业认证标识" style={{ color: '#1677ff' }} />
            </Tooltip>
          ) : null}
          {badge?.cover_url ? <img src={badge.cover_url} alt="佩戴徽章" style={{ height: 20 }} /> : null}
        </button>
      )}
    />
  );
}
