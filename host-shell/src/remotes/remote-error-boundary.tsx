import { Component, type ReactNode } from 'react';
import { RemoteErrorPanel } from './remote-error-panel';

interface Props {
  title: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** One per remote screen: a remote that fails to load or throws while rendering stays inside it. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`host-shell: the screen 「${this.props.title}」 failed`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteErrorPanel title={this.props.title} error={this.state.error} onRetry={this.props.onRetry} />;
  }
}
