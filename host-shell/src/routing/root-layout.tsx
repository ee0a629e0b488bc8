import { Outlet } from 'react-router-dom';
import { SessionDialogs } from '../features/dialogs/session-dialogs';
import { useStartupBanCheck } from '../features/dialogs/use-startup-ban-check';
import { NavigationGate } from './navigation-gate';
import { useSessionNavigation } from './session-events';

export function RootLayout() {
  useSessionNavigation();
  useStartupBanCheck();
  return (
    <NavigationGate>
      <Outlet />
      <SessionDialogs />
    </NavigationGate>
  );
}
