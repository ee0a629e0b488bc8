import { lazy, Suspense, useState } from 'react';
import { Badge, Button } from 'antd';
import { BellOutlined, CustomerServiceOutlined, DownOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'shared-sdk/router';
import { getRuntimeConfig } from 'shared-sdk';
import { HideOnError } from '../app/hide-on-error';
import { useUnreadTotalQuery } from '../features/shell/api';
import { CREATION_ITEMS, openCreation } from '../features/shell/creation';
import { formatBadge } from '../features/shell/format-badge';
import { HeaderMenu } from './header-menu';

function customerServiceUrl(): string {
  try {
    return getRuntimeConfig().customerServiceUrl;
  } catch {
    return '';
  }
}

const CREATION_MENU = CREATION_ITEMS.map((item) => ({ key: item.key, label: item.label }));

export function CreationDropdown() {
  const onSelect = (key: string) => {
    const item = CREATION_ITEMS.find((candidate) => candidate.key === key);
    if (item) openCreation(item);
  };
  return (
    <HeaderMenu
      items={CREATION_MENU}
      onSelect={onSelect}
      trigger={(props) => (
        <Button {...props} type="primary" icon={<EditOutlined />}>
          内容创作 <DownOutlined />
        </Button>
      )}
    />
  );
}

const NOTICE_PATH = '/notice';

export function NoticeBell({ onPreload }: { onPreload?: (url: string) => void }) {
  const navigate = useNavigate();
  // Only the answer (as HeaderUser reads its queries): its pending and fetching flags draw nothing here.
  const { data: total = 0 } = useUnreadTotalQuery(undefined, { selectFromResult: ({ data }) => ({ data }) });
  const text = formatBadge(total);
  return (
    // The name contains the count the badge shows (a name must contain the visible text).
    <Button
      type="text"
      aria-label={text ? `通知 ${text}` : '通知'}
      onClick={() => navigate(NOTICE_PATH)}
      onMouseEnter={() => onPreload?.(NOTICE_PATH)}
      data-testid="notice-bell"
    >
      <Badge count={text} overflowCount={Number.MAX_SAFE_INTEGER} size="small">
        <BellOutlined style={{ fontSize: 18 }} />
      </Badge>
    </Button>
  );
}

// The dialog (antd's Modal and Empty) loads with the first click: the header is on every page.
const CustomerServiceDialog = lazy(async () => ({ default: (await import('./customer-service-dialog')).CustomerServiceDialog }));

export function CustomerService() {
  const [open, setOpen] = useState(false);
  // Stays mounted once opened, so closing plays the dialog's animation as before.
  const [opened, setOpened] = useState(false);
  const url = open ? customerServiceUrl() : '';
  return (
    <>
      <Button
        type="text"
        icon={<CustomerServiceOutlined />}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        客服
      </Button>
      {opened ? (
        <HideOnError>
          <Suspense fallback={null}>
            <CustomerServiceDialog open={open} url={url} onClose={() => setOpen(false)} />
          </Suspense>
        </HideOnError>
      ) : null}
    </>
  );
}
