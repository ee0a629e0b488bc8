import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { screenReports } from './error-reports';
import { remoteErrorTexts, type RemoteErrorPanelProps } from './remote-error-texts';

interface Props {
  /** The screen's federation id (`mf_tools/Rights`): its failure is reported against that remote. */
  id?: string;
  title: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Without antd: shown when the panel's code cannot be fetched either (the network is gone). */
function PlainErrorPanel({ title, error, onRetry }: RemoteErrorPanelProps) {
  const { heading, detail } = remoteErrorTexts(title, error);
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h3>{heading}</h3>
      <p>{detail}</p>
      <button type="button" onClick={onRetry}>
        重试
      </button>
    </div>
  );
}

/**
 * The panel (antd's Result and Button) is fetched only when a screen fails, so the pages that never
 * show it (/login, every screen that loads) do not carry it. Made per boundary: a retry mounts a new
 * boundary, which fetches the panel again if it could not be fetched the last time.
 */
function lazyPanel(): ComponentType<RemoteErrorPanelProps> {
  return lazy(() =>
    import('./remote-error-panel').then(
      ({ RemoteErrorPanel }) => ({ default: RemoteErrorPanel }),
      () => ({ default: PlainErrorPanel }),
    ),
  );
}

/** One per remote screen: a remote that fails to load or throws while rendering stays inside it. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  private readonly Panel = lazyPanel();

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`host-shell: the screen 「${this.props.title}」 failed`, error);
    if (this.props.id) screenReports.boundary(this.props.id, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { Panel } = this;
    return (
      <Suspense fallback={null}>
        <Panel title={this.props.title} error={this.state.error} onRetry={this.props.onRetry} />
      </Suspense>
    );
  }
}
