// Module Federation needs an async boundary: shared singletons are negotiated before the app starts.
import('./bootstrap').catch((error: unknown) => {
  console.error('host-shell: start-up failed', error);
});
