import { createContext, useContext } from 'react';
import type { OperatorPermission, OperatorSelf } from 'shared-sdk/contract';

/** The signed-in operator, for every screen: who they are and what their role may do. */
export const OperatorContext = createContext<OperatorSelf | null>(null);

/** Whether the signed-in operator's role has this permission (buttons a role may not use are not shown). */
export function useCan(permission: OperatorPermission): boolean {
  return useContext(OperatorContext)?.permissions.includes(permission) ?? false;
}
