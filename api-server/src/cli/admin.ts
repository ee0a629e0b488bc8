/**
 * Operator CLI: `pnpm --filter api-server admin <command> [options]`. With a server and a personal
 * token (OPERATOR_API_URL and OPERATOR_API_TOKEN, or --server and --token) every command with an
 * operator-API counterpart is a call of that API (cli/api-commands.ts): authorized by the operator's
 * role and audited under their name. Without them it works on the database the server uses (same
 * environment variables), migrating it first; that direct path is for the embedded default only:
 * in production (APP_ENV=production) it refuses, except the bootstrap `operator add`.
 * Exit codes: 0 done, 1 refused (unknown account, conflict, database in use), 2 usage error.
 */
import { parseArgs } from 'node:util';
import { runCli, UsageError } from './run-cli';
import { loadConfig } from '../config';
import { restoreDraft } from '../features/drafts/restore';
import { runManuscriptReview } from '../features/editor/operator-review';
import { AuditRefusal } from '../features/materials/audit';
import { runMaterialAudit } from '../features/materials/audit-cli';
import { runToolCommandCli } from '../features/tools/operator-cli';
import { isToolCommand } from '../features/tools/operator';
import { cliActor } from '../features/operators/audit';
import { buildScoreDay } from '../features/operators/task-changes';
import { RightReviewRefusal, listRightApplications } from '../features/rights/review';
import { ScoreDayRefusal } from '../features/score/daily-job';
import { runStorageReport } from '../features/storage-sweep/report-cli';
import { CliRefusal, ban, createUser, listUsers, resetPassword, reviewRight, setVerified, unban } from './commands';
import { withOperatorDatabase } from './operator-call';
import { runApiCommand } from './api-commands';
import { apiTarget, refuseDatabaseInProduction } from './operator-api';
import { OperatorRefusal } from '../lib/operator-refusal';
import { OPERATOR_USAGE, runOperatorCommand } from './operator-commands';

const USAGE = `Usage: pnpm --filter api-server admin <command> [options] [--server <url> --token <mfop_…>]

Through the operator API (required in production): OPERATOR_API_URL and OPERATOR_API_TOKEN set, or
--server and --token given; the server checks your role and records the action under your name.
Without them: on the database directly (the embedded default); every change is recorded in the
audit trail as cli:<your OS user>, with the same row the API writes.

Commands:
  create-user     --phone <digits> --password <text> --nickname <text> [--verified]
  verify          --phone <digits> [--reason <text>]   mark real-name verified (u_cert = 1)
  unverify        --phone <digits> [--reason <text>]
  ban             --phone <digits> --type 1|2 [--range "1,3"] --reason <text>
                  type 1 blocks creation in the ranges (1 articles/videos/galleries/collections, 3 posts);
                  type 2 forces logout
  unban           --phone <digits> [--reason <text>]
  list-users
  reset-password  --phone <digits> --password <text> [--reason <text>]
                  through the API: without --password, the server makes a one-time password and shows it once
  material-audit  --id <material id> --status 4|2|3 [--reason <text>]
                  4 in review, 2 approved, 3 failed; through the running server if it holds the embedded database
  restore-draft   --id <draft id>               undo a creator's draft deletion
  manuscript-review --id <manuscript id> --decision approve|reject|offline [--reason <text>]
                  approve: 审核中 → 已发布; reject: 审核中 → 未通过 with the reason the creator sees (required);
                  offline: 已发布 → 已下线; through the running server if it holds the embedded database
  certification-queue                           enterprise / government-affairs applications waiting for review
  certification-review --phone <digits> --kind enterprise|gov --decision reviewing|approve|reject [--reason <text>]
                  reviewing: 3 (in review); approve: 1 (an enterprise becomes status 2, cert_type 24);
                  reject: 4 with the reason the creator sees (required)
  grant-tool      --phone <digits> --tool oddjobs   enable the recruitment tool (revoke-tool disables it)
  grant-short-drama --phone <digits>            enable the short-drama authority (revoke-short-drama disables it)
                  these five go through the running server if it holds the embedded database
  score-daily     [--date YYYY-MM-DD]           snapshot every creator's score for the day (default today) and rebuild the rank lists
  right-list      [--status pending|approved|rejected]   creators' applications for rights
  right-review    --id <application id> --status approved|rejected [--reason <text>]   a rejection needs --reason
  storage-report  [--top 10]                    uploaded bytes by kind and by creator, open uploads, pending orphans
                  (through the API: admins only)
${OPERATOR_USAGE}`;

const OPTIONS = {
  phone: { type: 'string' },
  password: { type: 'string' },
  nickname: { type: 'string' },
  verified: { type: 'boolean', default: false },
  type: { type: 'string' },
  range: { type: 'string', default: '' },
  reason: { type: 'string', default: '' },
  status: { type: 'string' },
  id: { type: 'string' },
  date: { type: 'string' },
  kind: { type: 'string', default: 'enterprise' },
  decision: { type: 'string' },
  tool: { type: 'string' },
  top: { type: 'string', default: '10' },
  server: { type: 'string' },
  token: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const printed = (line: string): number => (console.info(line), 0);

const REQUIRED: Record<string, readonly (keyof typeof OPTIONS)[]> = {
  'create-user': ['phone', 'password', 'nickname'],
  verify: ['phone'],
  unverify: ['phone'],
  ban: ['phone', 'type', 'reason'],
  unban: ['phone'],
  'list-users': [],
  'reset-password': ['phone', 'password'],
  'material-audit': ['id', 'status'],
  'restore-draft': ['id'],
  'manuscript-review': ['id', 'decision'],
  'score-daily': [],
  'right-list': [],
  'right-review': ['id', 'status'],
  'certification-queue': [],
  'certification-review': ['phone', 'decision'],
  'grant-tool': ['phone', 'tool'],
  'revoke-tool': ['phone', 'tool'],
  'grant-short-drama': ['phone'],
  'revoke-short-drama': ['phone'],
  'storage-report': [],
};

async function main(argv: string[]): Promise<number> {
  // Operator accounts: their own command block (cli/operator-commands.ts).
  if (argv[0] === 'operator') return printed(await runOperatorCommand(loadConfig(), argv.slice(1)));
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (values.help || !command) {
    console.info(USAGE);
    return values.help ? 0 : 2;
  }
  const target = apiTarget(values);
  // Through the API the server makes a reset password itself.
  const required = target && command === 'reset-password' ? ['phone' as const] : REQUIRED[command];
  if (!required) throw new UsageError(`Unknown command "${command}".`);
  if (extra.length) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const missing = required.filter((name) => !values[name]);
  if (missing.length) throw new UsageError(`${command} needs ${missing.map((name) => `--${name}`).join(', ')}.`);

  const text = (name: 'phone' | 'password' | 'nickname' | 'type' | 'range' | 'reason'): string => values[name] ?? '';
  if (target) {
    const o = {
      ...values,
      phone: text('phone'),
      password: text('password'),
      nickname: text('nickname'),
      type: text('type'),
      range: text('range'),
      reason: text('reason'),
    };
    return printed(
      await runApiCommand(target, command, {
        ...o,
        status: values.status ?? '',
        id: values.id ?? '',
        date: values.date ?? '',
        kind: values.kind ?? '',
        decision: values.decision ?? '',
        tool: values.tool ?? '',
        top: values.top ?? '10',
      }),
    );
  }
  const config = loadConfig();
  refuseDatabaseInProduction(config, command);
  // Before opening the database: a running server may hold it (see cli/operator-call.ts).
  if (command === 'manuscript-review')
    return printed(await runManuscriptReview(config, { id: values.id ?? '', decision: values.decision ?? '', reason: text('reason') }));
  if (command === 'material-audit')
    return printed(await runMaterialAudit(config, { id: values.id ?? '', status: values.status ?? '', reason: text('reason') }));
  if (isToolCommand(command)) {
    const args = { phone: text('phone'), kind: values.kind ?? '', decision: values.decision ?? '', reason: text('reason'), tool: values.tool ?? '' };
    return printed(await runToolCommandCli(config, command, args));
  }
  return withOperatorDatabase(config, async (database) => {
    const db = database.db;
    const commands: Record<string, () => Promise<string>> = {
      'create-user': () => createUser(db, { phone: text('phone'), password: text('password'), nickname: text('nickname'), verified: values.verified ?? false }),
      verify: () => setVerified(db, text('phone'), true, text('reason')),
      unverify: () => setVerified(db, text('phone'), false, text('reason')),
      ban: () => ban(db, { phone: text('phone'), type: text('type'), range: text('range'), reason: text('reason') }),
      unban: () => unban(db, text('phone'), text('reason')),
      'list-users': () => listUsers(db),
      'reset-password': () => resetPassword(db, text('phone'), text('password'), text('reason')),
      'restore-draft': () => restoreDraft(db, values.id ?? ''),
      'score-daily': () => buildScoreDay(db, cliActor(), values.date ?? '', database.engine),
      'right-list': () => listRightApplications(db, values.status ?? ''),
      'right-review': () => reviewRight(db, { id: values.id ?? '', status: values.status ?? '', reason: text('reason') }),
      'storage-report': () => runStorageReport(db, config, values.top ?? '10'),
    };
    const run = commands[command];
    if (!run) throw new UsageError(`Unknown command "${command}".`);
    console.info(await run());
    return 0;
  });
}

runCli(() => main(process.argv.slice(2)), USAGE, [CliRefusal, AuditRefusal, OperatorRefusal, RightReviewRefusal, ScoreDayRefusal]);
