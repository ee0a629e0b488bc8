import { useEffect, useState, type ComponentType } from 'react';
import { onSessionEvent, type BanData } from 'shared-sdk';
import { Deferred, lazyScreen } from '../../lib/lazy-screen';

/**
 * A dialog whose code (and its antd parts) loads the first time its event arrives, in antd's Chinese
 * locale: the dialogs sit outside the screens' antd providers, and /login has none.
 */
function lazyDialog<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazyScreen(async () => {
    const [Dialog, { AntdLocale }] = await Promise.all([load(), import('../../lib/antd-locale')]);
    return (props: Props) => (
      <AntdLocale>
        <Dialog {...props} />
      </AntdLocale>
    );
  });
}

const BanDialog = lazyDialog(async () => (await import('./ban-dialog')).BanDialog);
const CertDialog = lazyDialog(async () => (await import('./cert-dialog')).CertDialog);

/** Mounted once: opens the real-name and ban dialogs when the SDK's guards send their events. */
export function SessionDialogs() {
  const [certOpen, setCertOpen] = useState(false);
  // Mounted from its first opening on, so it closes with antd's animation as before.
  const [certUsed, setCertUsed] = useState(false);
  const [ban, setBan] = useState<BanData | null>(null);
  useEffect(() => {
    const offCert = onSessionEvent('cert-required', () => {
      setCertUsed(true);
      setCertOpen(true);
    });
    // A screen can run into the ban several times while its dialog is open (its checks, a click, the
    // appeal itself): the open dialog stays, with the appeal being typed or its 提交成功.
    const offBan = onSessionEvent('banned', ({ ban: data }) => setBan((open) => open ?? data));
    return () => {
      offCert();
      offBan();
    };
  }, []);
  return (
    <>
      <Deferred>{certUsed ? <CertDialog open={certOpen} onClose={() => setCertOpen(false)} /> : null}</Deferred>
      <Deferred>{ban ? <BanDialog ban={ban} onClose={() => setBan(null)} /> : null}</Deferred>
    </>
  );
}
