/**
 * `deploy <verb>`: publish a remote's build and roll it out in stages (see README.md).
 * Exit codes: 0 done, 2 refused (bad input or a rollout rule), 1 an unexpected failure.
 */
import os from 'node:os';
import { findRepoRoot } from './cli/options';
import { runCli } from './cli/run';

// pnpm runs package scripts inside the package; INIT_CWD is where the user typed the command,
// which is what relative paths such as --dist mean.
const cwd = process.env.INIT_CWD ?? process.cwd();
// USER is unset in some CI containers; the account name is the next best author for the history.
const user = process.env.USER || process.env.LOGNAME || os.userInfo().username || undefined;
// `deploy status | head`: a reader that stops early is not a failure of the command.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
});
// DEPLOY_SERVER / DEPLOY_TOKEN: the release API instead of a store folder (what CI sets).
const server = process.env.DEPLOY_SERVER || undefined;
const token = process.env.DEPLOY_TOKEN || undefined;
process.exitCode = await runCli(process.argv.slice(2), { cwd, repoRoot: findRepoRoot(cwd), user, server, token, out: (line) => console.info(line) }, (line) =>
  console.error(line),
);
