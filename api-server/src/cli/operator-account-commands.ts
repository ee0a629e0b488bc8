/**
 * `npm run admin -- operator list|role|disable|enable|reset-totp|reset-password|revoke-sessions …`:
 * an admin's work on operator accounts, through the operator API only (OPERATOR_API_URL and
 * OPERATOR_API_TOKEN, or --server and --token), as the console's 操作员 screen does it: the server
 * checks the admin role and the guards (nobody demotes, disables or locks out themself; the last
 * enabled admin stays) and writes the audit row under the caller's name. The operator is named by
 * their account name. `operator add` with a server set goes through the API too (the new operator
 * enrols their authenticator at the first sign-in).
 */
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES } from 'shared-sdk/contract/operator-roles';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { CliRefusal } from './commands';
import { type ApiTarget, apiTarget, callApi } from './operator-api';
import { UsageError } from './run-cli';

type Account = contract.OperatorAccount;

export const ACCOUNT_VERBS = ['list', 'role', 'disable', 'enable', 'reset-totp', 'reset-password', 'revoke-sessions'] as const;

export const OPERATOR_ACCOUNT_USAGE = `  operator list                                 every operator account (admin)
  operator role <name> --role ${OPERATOR_ROLES.join('|')} --reason <text>
  operator disable <name> --reason <text>       their sessions and personal tokens end at once
  operator enable <name> [--reason <text>]
  operator reset-totp <name> --reason <text>    a lost phone: they enrol again at the next sign-in
  operator reset-password <name> --reason <text>
                  a new password, shown once; their console sessions end
  operator revoke-sessions <name> [--tokens] --reason <text>
                  ends their console sessions (with --tokens, their personal tokens too)
                  these seven are admin calls of the operator API: OPERATOR_API_URL and OPERATOR_API_TOKEN
                  (or --server and --token) must be set; nobody can demote, disable or lock out themself`;

const OPTIONS = {
  role: { type: 'string' },
  reason: { type: 'string', default: '' },
  tokens: { type: 'boolean', default: false },
  server: { type: 'string' },
  token: { type: 'string' },
} as const;

const accountLine = (a: Account): string =>
  [
    String(a.id).padStart(4),
    a.name.padEnd(20),
    a.role.padEnd(9),
    (a.disabled ? 'disabled' : 'enabled').padEnd(8),
    (a.totp_enrolled ? 'totp' : 'enrol pending').padEnd(13),
    `last sign-in ${a.last_sign_in_at?.slice(0, 16).replace('T', ' ') ?? 'never'}`,
  ].join('  ');

/** Whether `operator <verb>` is one of these commands (`operator add` is one only with a server set). */
export function isAccountCommand(argv: readonly string[]): boolean {
  return (ACCOUNT_VERBS as readonly string[]).includes(argv[0] ?? '');
}

/** Runs one account command through the API; answers the text to print. */
export async function runAccountCommand(argv: string[], env: Record<string, string | undefined> = process.env): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [verb, name, ...extra] = positionals;
  if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  if (verb !== 'list' && !name) throw new UsageError(`operator ${verb} needs the operator's name.`);
  if (verb === 'role' && !values.role) throw new UsageError('operator role needs --role.');
  const reason = values.reason.trim();
  if (!reason && ['role', 'disable', 'reset-totp', 'reset-password', 'revoke-sessions'].includes(verb ?? ''))
    throw new UsageError(`operator ${verb} needs --reason: the audit trail records why.`);
  const target: ApiTarget | null = apiTarget(values, env);
  if (!target) {
    throw new CliRefusal(
      `operator ${verb} is an admin call of the operator API: set OPERATOR_API_URL (the server address) and OPERATOR_API_TOKEN (your personal token), or pass --server and --token.`,
    );
  }
  const call = <T>(url: string, body?: unknown) => callApi<T>(target.server, target.token, { url, body });
  const accounts = await call<Account[]>(contract.operatorList.url);
  if (verb === 'list') return ['  id  name                  role       state     second factor  last sign-in', ...accounts.map(accountLine)].join('\n');
  const account = accounts.find((candidate) => candidate.name === name);
  if (!account) throw new CliRefusal(`No operator named ${name}.`);
  const withReason = reason ? { reason } : {};

  switch (verb) {
    case 'role': {
      const after = await call<Account>(contract.operatorSetRole.url, { id: account.id, role: values.role, ...withReason });
      return `${after.name} is now ${after.role} (was ${account.role}).`;
    }
    case 'disable':
    case 'enable': {
      const after = await call<Account>(contract.operatorDisable.url, { id: account.id, disabled: verb === 'disable', ...withReason });
      return after.disabled ? `${after.name} is disabled: their sessions and personal tokens ended.` : `${after.name} is enabled again.`;
    }
    case 'reset-totp': {
      const after = await call<Account>(contract.operatorResetTotp.url, { id: account.id, reason });
      return `${after.name}'s authenticator is reset and their sessions ended: the next sign-in shows a new QR code once.`;
    }
    case 'reset-password': {
      const reset = await call<{ operator: Account; password: string }>(contract.operatorResetPassword.url, { id: account.id, reason });
      return [`${reset.operator.name}'s password is reset; their console sessions ended. Shown once, give it to them:`, `  password: ${reset.password}`].join(
        '\n',
      );
    }
    case 'revoke-sessions': {
      const ended = await call<{ sessions: number; tokens: number }>(contract.operatorRevokeSessions.url, { id: account.id, tokens: values.tokens, reason });
      return `${account.name}: ${ended.sessions} session(s) ended${values.tokens ? `, ${ended.tokens} personal token(s) revoked` : ''}.`;
    }
    default:
      throw new UsageError(`Unknown command "operator ${verb}".`);
  }
}

/** `operator add <name> --role <role>` through the API (a server and token set): the initial password, shown once. */
export async function addThroughApi(target: ApiTarget, name: string, role: string): Promise<string> {
  const added = await callApi<{ operator: Account; initial_password: string }>(target.server, target.token, {
    url: contract.operatorAdd.url,
    body: { name, role },
  });
  return [
    `Operator ${added.operator.name} (${added.operator.role}, id ${added.operator.id}) added. Shown once:`,
    `  password: ${added.initial_password}`,
    '  The first sign-in in the console shows the authenticator QR code once.',
  ].join('\n');
}
