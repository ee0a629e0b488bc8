import { useEffect, useState } from 'react';
import { onSessionEvent, type BanData } from 'shared-sdk';
import { BanDialog } from './ban-dialog';
import { CertDialog } from './cert-dialog';

/** Mounted once: opens the real-name and ban dialogs when the SDK's guards send their events. */
export function SessionDialogs() {
  const [certOpen, setCertOpen] = useState(false);
  const [ban, setBan] = useState<{ data: BanData; seq: number } | null>(null);
  useEffect(() => {
    const offCert = onSessionEvent('cert-required', () => setCertOpen(true));
    const offBan = onSessionEvent('banned', ({ ban: data }) => setBan((last) => ({ data, seq: (last?.seq ?? 0) + 1 })));
    return () => {
      offCert();
      offBan();
    };
  }, []);
  return (
    <>
      <CertDialog open={certOpen} onClose={() => setCertOpen(false)} />
      {ban ? <BanDialog key={ban.seq} ban={ban.data} onClose={() => setBan(null)} /> : null}
    </>
  );
}
