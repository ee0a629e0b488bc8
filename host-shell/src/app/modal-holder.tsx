import { useEffect } from 'react';
import { Modal } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';

/** antd's modal methods for the shell's App context, loaded with the first dialog (see lazy-app.tsx). */
export function ModalHolder({ onReady }: { onReady: (api: HookAPI) => void }) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
