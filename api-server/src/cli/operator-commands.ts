/**
 * `npm run admin -- operator add <name> --role admin|moderator|viewer`: an operator account made on
 * the database directly (the one command besides `migrate` that production lets open it). This path is for the first account (the bootstrap: nobody can sign in to
 * the console yet) and the embedded default; later accounts can be added in the console by an admin.
 * Prints the initial password and the TOTP secret (an otpauth:// URL for an authenticator app) once;
 * the audit trail records the addition as made from the command line.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { OPERATOR_ROLES } from 'shared-sdk/contract/operator-roles';
import { operator as contract, releases as releaseContract } from 'shared-sdk/contract/schemas';
import type { AppConfig } from '../config';
import { accountOf, insertOperator } from '../features/operators/accounts';
import { audited, cliActor } from '../features/operators/audit';
import { totpEnrolment } from '../features/operators/totp';
import { ApiError } from '../lib/api-error';
import { CliRefusal } from './commands';
import { readOperatorAccess } from '../lib/operator-access';
import { apiServer, apiTarget, callApi, optionOrPrompt } from './operator-api';
import { ACCOUNT_VERBS, OPERATOR_ACCOUNT_USAGE, addThroughApi, isAccountCommand, runAccountCommand } from './operator-account-commands';
import { withOperatorDatabase } from './operator-call';
import { UsageError } from './run-cli';

type PersonalToken = contract.PersonalToken;
type ReleaseToken = releaseContract.ReleaseToken;

export const OPERATOR_USAGE = `  operator add <name> --role ${OPERATOR_ROLES.join('|')}
                  an operator account (on the database: the first one, or the embedded default); prints
                  its initial password and TOTP secret once. With a server and token set: an admin call,
                  the initial password shown once, the authenticator enrolled at the first sign-in
${OPERATOR_ACCOUNT_USAGE}
  operator token create [--name <label>] [--days 1-365]
                  a personal token for yourself, shown once: OPERATOR_API_TOKEN for the commands above
  operator token list
  operator token revoke <id>
                  these three call the server (OPERATOR_API_URL or --server) with OPERATOR_API_TOKEN
                  (or --token), or sign in: --operator <name> --password <text> --code <6 digits>,
                  each asked for on a terminal when not given
  operator release-token create --remote <remote> --env <env> [--name <label>] [--days 1-365]
                  a CI release token (admin) for one remote and one environment, shown once:
                  DEPLOY_TOKEN for \`deploy --server\`
  operator release-token list
  operator release-token revoke <id> [--reason <text>]
  operator release-scope <operator id> --remotes <a,b> --envs <production,…> [--reason <text>]
                  the remotes and environments a release_manager may release (admin)
                  these four call the server as the token commands do`;

const TOKEN_OPTIONS = {
  name: { type: 'string' },
  days: { type: 'string' },
  operator: { type: 'string' },
  password: { type: 'string' },
  code: { type: 'string' },
  server: { type: 'string' },
  token: { type: 'string' },
} as const;

const RELEASE_OPTIONS = {
  ...TOKEN_OPTIONS,
  remote: { type: 'string' },
  env: { type: 'string' },
  reason: { type: 'string' },
  remotes: { type: 'string' },
  envs: { type: 'string' },
} as const;

type ApiOptions = {
  server?: string | undefined;
  token?: string | undefined;
  operator?: string | undefined;
  password?: string | undefined;
  code?: string | undefined;
};

/**
 * Runs `call` with the server and an operator token: the one given (--token, OPERATOR_API_TOKEN), or
 * a session signed in now as the console does (name, password, TOTP code) and signed out after.
 */
async function withApiToken<T>(config: AppConfig, values: ApiOptions, call: (server: string, token: string) => Promise<T>): Promise<T> {
  // The embedded default: the server listening on this DATA_DIR, when no address is named.
  const server = apiServer(values) ?? (config.databaseUrl ? null : (readOperatorAccess(config.dataDir)?.url ?? null));
  if (!server) throw new CliRefusal('No server to call: set OPERATOR_API_URL (or --server) to the API server address.');
  const given = (values.token ?? process.env.OPERATOR_API_TOKEN ?? '').trim();
  let token = given;
  if (!token) {
    const name = await optionOrPrompt(values.operator, 'Operator name: ', '--operator');
    const password = await optionOrPrompt(values.password, 'Password: ', '--password', true);
    const step = await callApi<{ challenge: string }>(server, null, { url: contract.operatorSignIn.url, body: { name, password } });
    const code = await optionOrPrompt(values.code, 'TOTP code: ', '--code');
    token = (await callApi<{ token: string }>(server, null, { url: contract.operatorVerifyTotp.url, body: { challenge: step.challenge, code } })).token;
  }
  try {
    return await call(server, token);
  } finally {
    if (!given) await callApi(server, token, { url: contract.operatorSignOut.url, body: {} }).catch(() => undefined);
  }
}

const releaseTokenLine = (t: ReleaseToken): string =>
  [
    String(t.id).padStart(4),
    t.hint.padEnd(12),
    (t.revoked_at ? 'revoked' : Date.parse(t.expires_at) < Date.now() ? 'expired' : 'active').padEnd(8),
    `${t.remote}@${t.env}`.padEnd(26),
    `expires ${t.expires_at.slice(0, 10)}`.padEnd(19),
    `by ${t.created_by}`.padEnd(16),
    t.name,
  ].join('  ');

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** `operator release-token …` and `operator release-scope …`: CI release tokens and release managers' scopes, through the API. */
async function runReleaseCommand(config: AppConfig, command: string, argv: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: RELEASE_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (command === 'release-scope') {
    const [id, ...rest] = positionals;
    if (!/^\d+$/.test(id ?? '') || rest.length || values.remotes === undefined || values.envs === undefined || !values.reason?.trim()) {
      throw new UsageError('operator release-scope <operator id> --remotes <a,b> --envs <production,…> --reason <text>');
    }
    return withApiToken(config, values, async (server, token) => {
      const done = await callApi<{ name: string; role: string; release_scope: { remotes: string[]; envs: string[] } }>(server, token, {
        url: releaseContract.operatorSetReleaseScope.url,
        body: { id: Number(id), remotes: list(values.remotes), envs: list(values.envs), reason: values.reason },
      });
      const note = done.role === 'release_manager' ? '' : ` (the scope applies once the role is release_manager; it is ${done.role})`;
      return `${done.name} may release ${done.release_scope.remotes.join(', ') || 'nothing'} on ${done.release_scope.envs.join(', ') || 'no environment'}${note}.`;
    });
  }
  const [verb, ...rest] = positionals;
  const id = verb === 'revoke' ? rest.shift() : undefined;
  if (!verb || !['create', 'list', 'revoke'].includes(verb) || rest.length || (verb === 'revoke' && (!/^\d+$/.test(id ?? '') || !values.reason?.trim()))) {
    throw new UsageError(
      'operator release-token create --remote <remote> --env <env> | operator release-token list | operator release-token revoke <id> --reason <text>',
    );
  }
  const days = values.days === undefined ? undefined : Number(values.days);
  if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= 365)) throw new UsageError('--days must be a whole number from 1 to 365.');
  if (verb === 'create' && (!values.remote || !values.env)) throw new UsageError('operator release-token create needs --remote <remote> and --env <env>');
  return withApiToken(config, values, async (server, token) => {
    if (verb === 'list') {
      const tokens = await callApi<ReleaseToken[]>(server, token, { url: releaseContract.releaseTokenList.url });
      if (!tokens.length) return 'No release tokens.';
      return ['  id  hint          state     remote@env                  expires              by                name', ...tokens.map(releaseTokenLine)].join(
        '\n',
      );
    }
    if (verb === 'revoke') {
      const revoked = await callApi<ReleaseToken>(server, token, {
        url: releaseContract.releaseTokenRevoke.url,
        body: { id: Number(id), reason: values.reason },
      });
      return `Release token ${revoked.id} (${revoked.name}, ${revoked.remote}@${revoked.env}) revoked: it gets nothing from now on.`;
    }
    const created = await callApi<{ token: string; info: ReleaseToken }>(server, token, {
      url: releaseContract.releaseTokenCreate.url,
      body: { name: values.name?.trim() || `ci ${values.remote}`, remote: values.remote, env: values.env, ...(days ? { expires_days: days } : {}) },
    });
    return [
      `Release token ${created.info.id} (${created.info.name}) for ${created.info.remote} on ${created.info.env}, valid until ${created.info.expires_at}. Shown once:`,
      `  ${created.token}`,
      `Give it to CI as DEPLOY_TOKEN (with DEPLOY_SERVER=${server}); revoke it with \`npm run admin -- operator release-token revoke ${created.info.id}\`.`,
    ].join('\n');
  });
}

const tokenLine = (t: PersonalToken): string =>
  [
    String(t.id).padStart(4),
    t.hint.padEnd(12),
    (t.revoked_at ? 'revoked' : t.expires_at && Date.parse(t.expires_at) < Date.now() ? 'expired' : 'active').padEnd(8),
    `expires ${t.expires_at?.slice(0, 10) ?? 'never'}`.padEnd(19),
    `last used ${t.last_used_at?.slice(0, 16).replace('T', ' ') ?? 'never'}`.padEnd(27),
    t.name,
  ].join('  ');

/**
 * `operator token …`: the operator's own personal tokens, through the API. With a token already set
 * it is used; otherwise the command signs in as the console does (name, password, TOTP code) and
 * signs that session out when done. Never through the database.
 */
async function runTokenCommand(config: AppConfig, argv: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: TOKEN_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [verb, ...rest] = positionals;
  const id = verb === 'revoke' ? rest.shift() : undefined;
  if (!verb || !['create', 'list', 'revoke'].includes(verb) || rest.length || (verb === 'revoke' && !/^\d+$/.test(id ?? ''))) {
    throw new UsageError('operator token create [--name <label>] | operator token list | operator token revoke <id>');
  }
  const days = values.days === undefined ? undefined : Number(values.days);
  if (days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= 365)) throw new UsageError('--days must be a whole number from 1 to 365.');
  return withApiToken(config, values, async (server, token) => {
    if (verb === 'list') {
      const tokens = await callApi<PersonalToken[]>(server, token, { url: contract.operatorTokenList.url });
      if (!tokens.length) return 'No personal tokens.';
      return ['  id  hint          state     expires              last used                    name', ...tokens.map(tokenLine)].join('\n');
    }
    if (verb === 'revoke') {
      const revoked = await callApi<PersonalToken>(server, token, { url: contract.operatorTokenRevoke.url, body: { id: Number(id) } });
      return `Token ${revoked.id} (${revoked.name}, ${revoked.hint}) revoked: it gets nothing from now on.`;
    }
    const label = values.name?.trim() || `cli ${os.userInfo().username}@${os.hostname()}`;
    const created = await callApi<{ token: string; info: PersonalToken }>(server, token, {
      url: contract.operatorTokenCreate.url,
      body: { name: label, ...(days ? { expires_days: days } : {}) },
    });
    return [
      `Token ${created.info.id} (${created.info.name}) created, valid until ${created.info.expires_at ?? 'revoked'}. Shown once:`,
      `  ${created.token}`,
      `Use it as OPERATOR_API_TOKEN (with OPERATOR_API_URL=${server}); revoke it with \`npm run admin -- operator token revoke ${created.info.id}\`.`,
    ].join('\n');
  });
}

export async function runOperatorCommand(config: AppConfig, argv: string[]): Promise<string> {
  if (argv[0] === 'token') return runTokenCommand(config, argv.slice(1));
  if (argv[0] === 'release-token' || argv[0] === 'release-scope') return runReleaseCommand(config, argv[0], argv.slice(1));
  if (isAccountCommand(argv)) return runAccountCommand(argv);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { role: { type: 'string' }, server: { type: 'string' }, token: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [verb, name, ...extra] = parsed.positionals;
  if (verb !== 'add' || !name || extra.length || !parsed.values.role)
    throw new UsageError(
      `operator add <name> --role <role> | operator token create|list|revoke | operator release-token create|list|revoke | operator release-scope | operator ${ACCOUNT_VERBS.join('|')}`,
    );
  const role = parsed.values.role;
  // With a server and a personal token: an admin call like the console's (the database stays for the bootstrap).
  const target = apiTarget(parsed.values);
  if (target) return addThroughApi(target, name, role);
  return withOperatorDatabase(
    config,
    async (database) => {
      try {
        const created = await audited(database.db, cliActor(), async (tx, record) => {
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
    },
    { bootstrap: true },
  );
}
