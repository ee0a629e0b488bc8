import { useEffect, useState, type ComponentType } from 'react';
import { onSessionEvent, type BanData } from 'shared-sdk';
import { Deferred, lazyScreen } from '../../routing/lazy-screen';

/**
 * A dialog whose code (and its antd parts) loads the first time its event arrives, in antd's Chinese
 * locale: the dialogs sit outside the screens' antd providers, and /login has none.
 */
function lazyDialog<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazyScreen(async () => {
    const [Dialog, { AntdLocale }] = await Promise.all([load(), import('../../app/antd-locale')]);
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
  const [ban, setBan] = useState<{ data: BanData; seq: number } | null>(null);
  useEffect(() => {
    const offCert = onSessionEvent('cert-required', () => {
      setCertUsed(true);
      setCertOpen(true);
    });
    const offBan = onSessionEvent('banned', ({ ban: data }) => setBan((last) => ({ data, seq: (last?.seq ?? 0) + 1 })));
    return () => {
      offCert();
      offBan();
    };
  }, []);
  return (
    <>
      <Deferred>{certUsed ? <CertDialog open={certOpen} onClose={() => setCertOpen(false)} /> : null}</Deferred>
      <Deferred>{ban ? <BanDialog key={ban.seq} ban={ban.data} onClose={() => setBan(null)} /> : null}</Deferred>
    </>
  );
}
