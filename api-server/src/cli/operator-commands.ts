/**
 * `npm run admin -- operator add <name> --role admin|moderator|viewer`: an operator account made on
 * the database directly. This path is for the first account (the bootstrap: nobody can sign in to
 * the console yet) and the embedded default; later accounts can be added in the console by an admin.
 * Prints the initial password and the TOTP secret (an otpauth:// URL for an authenticator app) once;
 * the audit trail records the addition as made from the command line.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES } from 'shared-sdk/contract';
import type { AppConfig } from '../config';
import { accountOf, insertOperator } from '../features/operators/accounts';
import { audited } from '../features/operators/audit';
import { totpEnrolment } from '../features/operators/totp';
import { ApiError } from '../lib/api-error';
import { CliRefusal } from './commands';
import { withOperatorDatabase } from './operator-call';
import { UsageError } from './run-cli';

export const OPERATOR_USAGE = `  operator add <name> --role ${OPERATOR_ROLES.join('|')}
                  an operator account (on the database: the first one, or the embedded default); prints
                  its initial password and TOTP secret once`;

export async function runOperatorCommand(config: AppConfig, argv: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { role: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [verb, name, ...extra] = parsed.positionals;
  if (verb !== 'add' || !name || extra.length || !parsed.values.role) throw new UsageError('operator add <name> --role <role>');
  const role = parsed.values.role;
  return withOperatorDatabase(config, async (database) => {
    const actor = { id: null, name: `cli:${os.userInfo().username}`, role: 'cli', credentialId: null, via: 'cli' as const, expiresAt: null, ip: 'cli' };
    try {
      const created = await audited(database.db, actor, async (tx, record) => {
        const made = await insertOperator(tx, { name, role, withTotp: true });
        record({ action: 'operator.add', targetType: 'operator', targetId: made.row.id, after: accountOf(made.row) });
        return made;
      });
      const enrolment = await totpEnrolment(created.totpSecret!, name);
      return [
        `Operator ${name} (${role}, id ${created.row.id}) added. Shown once:`,
        `  password: ${created.password}`,
        `  TOTP:     ${enrolment.otpauth_url}`,
        '  Add the TOTP URL to an authenticator app (or type the secret in); the first sign-in with its code completes the enrolment.',
      ].join('\n');
    } catch (error) {
      if (error instanceof ApiError) throw new CliRefusal(error.message);
      throw error;
    }
  });
}
