import { lazy, Suspense, useLayoutEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { LIMITS } from 'shared-sdk';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { screenReports } from './error-reports';
import { RemoteTimeoutError, type RemoteModuleLoader } from './remote-loader';
import { withTimeout } from './with-timeout';

export interface RemoteScreenProps {
  /** Federation id, e.g. 'mf_drafts/DraftList'. */
  id: string;
  title: string;
  load: RemoteModuleLoader;
  timeoutMs?: number;
}

/** The loading text alone, if the spinner's code cannot be fetched. */
function TextOnly({ description }: { description: string }) {
  return <span>{description}</span>;
}

// The spinner's code loads only when a screen waits for its own (beside it, not before it), so the
// pages that never open a remote screen (/login) do not carry it.
const Spin = lazy<ComponentType<{ description: string; children: ReactNode }>>(() => import('antd/es/spin').catch(() => ({ default: TextOnly })));

const loading = (
  <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
    <Suspense fallback={null}>
      <Spin description="加载中…">
        <div style={{ width: 120, height: 60 }} />
      </Spin>
    </Suspense>
  </div>
);

/** A remote screen in its own error boundary and Suspense, with the lazy-load timeout of docs/product.md §8. */
export function RemoteScreen({ id, title, load, timeoutMs = LIMITS.LAZY_SCREEN_TIMEOUT_MS }: RemoteScreenProps) {
  const [attempt, setAttempt] = useState(0);
  // Made here, above Suspense (a component that suspends before its first commit loses its state),
  // and once per attempt: React.lazy keeps a rejection, so a retry needs a new one.
  const Screen = useMemo(
    () => lazy(() => withTimeout(load(id), timeoutMs, () => new RemoteTimeoutError(id, timeoutMs))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the retry trigger
    [id, load, timeoutMs, attempt],
  );
  // Calls that fail while this screen is on show are counted against its remote, and so are its paints
  // (vitals-booking.ts). Marked as the screen commits, before the browser paints it: a passive effect
  // can run after that paint (a first render is a transition), which would then count for nobody.
  useLayoutEffect(() => {
    screenReports.showing(id);
    return () => screenReports.leaving(id);
  }, [id]);
  // Keyed by id as well: two routes of the same layout reuse this component when switching.
  return (
    <RemoteErrorBoundary key={`${id}#${attempt}`} id={id} title={title} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={loading}>
        {/* eslint-disable-next-line react-hooks/static-components -- one lazy component per remote screen and attempt, on purpose */}
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
