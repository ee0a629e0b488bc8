// Module Federation needs an async boundary: shared singletons are negotiated before the app starts.
// React's DOM renderer and the SDK are asked for beside the shell: each is evaluated as soon as its own
// code has arrived, in that file's task, rather than all of it in the one task where the shell's last file
// arrives (tens of milliseconds each on an ordinary computer, which together blocked input for longer).
for (const early of [import('react-dom/client'), import('shared-sdk')]) early.catch(() => undefined);
import('./bootstrap').catch((error: unknown) => {
  console.error('host-shell: start-up failed', error);
});
