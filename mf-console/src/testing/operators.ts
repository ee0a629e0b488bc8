import { type OperatorRole, type OperatorSelf } from 'shared-sdk/contract';
import { ROLE_PERMISSIONS } from 'shared-sdk/contract/operator-roles';

/** A signed-in operator of this role, as the session call answers it. */
export const operatorOf = (role: OperatorRole, name = `${role}-1`): OperatorSelf => ({
  id: 1,
  name,
  role,
  permissions: [...ROLE_PERMISSIONS[role]],
  expires_at: '2026-11-29T08:00:00.000Z',
  via: 'session',
});
