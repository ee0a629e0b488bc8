import { Alert } from 'antd';
import { failureText } from '../api/endpoint';

/**
 * A query that failed to load, said in an alert above what it would have shown (`flush`: no space
 * below it); nothing while it has not failed.
 */
export function LoadFailure({ query, flush = false }: { query: { isError: boolean; error?: unknown }; flush?: boolean }) {
  if (!query.isError) return null;
  return <Alert type="error" role="alert" title={failureText(query.error)} style={flush ? undefined : { marginBottom: 16 }} />;
}
