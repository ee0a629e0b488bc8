import { Button, Result } from 'antd';
import { RemoteTimeoutError } from './remote-loader';

export interface RemoteErrorPanelProps {
  /** The screen's Chinese name. */
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** Shown in the shell's main area; the header, sidebar and other screens keep working. */
export function RemoteErrorPanel({ title, error, onRetry }: RemoteErrorPanelProps) {
  const timedOut = error instanceof RemoteTimeoutError;
  return (
    <Result
      status={timedOut ? 'warning' : 'error'}
      title={timedOut ? '页面加载超时' : '页面加载失败'}
      subTitle={timedOut ? `「${title}」长时间未能加载完成，请检查网络后重试` : `「${title}」暂时无法打开，请稍后重试`}
      extra={
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
