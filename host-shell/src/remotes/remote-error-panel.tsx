import { Button, Result } from 'antd';
import { remoteErrorTexts, type RemoteErrorPanelProps } from './remote-error-texts';

/**
 * Shown in the shell's main area; the header, sidebar and other screens keep working. Loaded by the
 * error boundary only when a screen fails (antd's Result is heavy with its illustrations).
 */
export function RemoteErrorPanel({ title, error, onRetry }: RemoteErrorPanelProps) {
  const { timedOut, heading, detail } = remoteErrorTexts(title, error);
  return (
    <Result
      status={timedOut ? 'warning' : 'error'}
      title={heading}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
