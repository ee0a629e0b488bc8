import { useState } from 'react';
import { Badge, Button, Dropdown, Empty, Modal } from 'antd';
import { BellOutlined, CustomerServiceOutlined, DownOutlined, EditOutlined } from '@ant-design/icons';
import { useNavigate } from 'shared-sdk/router';
import { getRuntimeConfig } from 'shared-sdk';
import { useUnreadTotalQuery } from '../features/shell/api';
import { CREATION_ITEMS, openCreation } from '../features/shell/creation';
import { formatBadge } from '../features/shell/format-badge';

function customerServiceUrl(): string {
  try {
    return getRuntimeConfig().customerServiceUrl;
  } catch {
    return '';
  }
}

export function CreationDropdown() {
  const items = CREATION_ITEMS.map((item) => ({ key: item.key, label: item.label }));
  const onClick = ({ key }: { key: string }) => {
    const item = CREATION_ITEMS.find((candidate) => candidate.key === key);
    if (item) openCreation(item);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <Button type="primary" icon={<EditOutlined />}>
        内容创作 <DownOutlined />
      </Button>
    </Dropdown>
  );
}

export function NoticeBell() {
  const navigate = useNavigate();
  const { data: total = 0 } = useUnreadTotalQuery();
  const text = formatBadge(total);
  return (
    <Button type="text" aria-label="通知" onClick={() => navigate('/notice')} data-testid="notice-bell">
      <Badge count={text} overflowCount={Number.MAX_SAFE_INTEGER} size="small">
        <BellOutlined style={{ fontSize: 18 }} />
      </Badge>
    </Button>
  );
}

export function CustomerService() {
  const [open, setOpen] = useState(false);
  const url = open ? customerServiceUrl() : '';
  return (
    <>
      <Button type="text" icon={<CustomerServiceOutlined />} onClick={() => setOpen(true)}>
        客服
      </Button>
      <Modal title="在线客服" open={open} onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden>
        {url ? (
          <iframe title="在线客服" src={url} style={{ width: '100%', height: 520, border: 'none' }} />
        ) : (
          <Empty description="暂未开通在线客服" />
        )}
      </Modal>
    </>
  );
}
