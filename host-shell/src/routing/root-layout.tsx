import { Outlet } from 'shared-sdk/router';
import { SessionDialogs } from '../features/dialogs/session-dialogs';
import { useCertReread } from '../features/dialogs/use-cert-reread';
import { useStartupBanCheck } from '../features/dialogs/use-startup-ban-check';
import { NavigationGate } from './navigation-gate';
import { useSessionNavigation } from './session-events';

/** Around every screen, the bare writing screens included (they open in their own tab, without the shell). */
export function RootLayout() {
  useSessionNavigation();
  useCertReread();
  useStartupBanCheck();
  return (
    <NavigationGate>
      <Outlet />
      <SessionDialogs />
    </NavigationGate>
  );
}
