import { RemoteTimeoutError } from './remote-loader';

export interface RemoteErrorPanelProps {
  /** The screen's Chinese name. */
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** What the error panel says (also when its own code cannot be fetched). */
export function remoteErrorTexts(title: string, error: unknown): { timedOut: boolean; heading: string; detail: string } {
  const timedOut = error instanceof RemoteTimeoutError;
  return {
    timedOut,
    heading: timedOut ? '页面加载超时' : '页面加载失败',
    detail: timedOut ? `「${title}」长时间未能加载完成，请检查网络后重试` : `「${title}」暂时无法打开，请稍后重试`,
  };
}
