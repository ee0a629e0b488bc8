import { Component, type ReactNode } from 'react';

/**
 * Around a part loaded on first use (the App context's message, notification and modal, the 客服
 * dialog): if its code fails to load it shows nothing, rather than the error taking the page down.
 */
export class HideOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
