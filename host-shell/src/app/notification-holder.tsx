import { useEffect } from 'react';
import { notification } from 'antd';
import type { NotificationInstance } from 'antd/es/notification/interface';

/** antd's notification for the shell's App context, loaded with the first one (see lazy-app.tsx). */
export function NotificationHolder({ onReady }: { onReady: (api: NotificationInstance) => void }) {
  const [api, holder] = notification.useNotification();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
