import { RefusalError } from '../errors';
import { parse } from './options';
import { VERBS, checkShape, type Env } from './verbs';

function help(out: (line: string) => void): void {
  out('usage: deploy <verb> [options]   common options: --store DIR  --env NAME (production)  --who NAME ($USER)');
  out('  or through the release API: --server URL --token T (or DEPLOY_SERVER, DEPLOY_TOKEN), without --store/--env/--who');
  for (const verb of Object.values(VERBS)) out(`  deploy ${verb.usage}`);
}

/**
 * Runs one command; resolves to the exit code: 0 done, 2 refused (the message says why), 1 a crash
 * or a check that found something (check-host).
 */
export async function runCli(argv: string[], env: Env, err: (line: string) => void): Promise<number> {
  try {
    const parsed = parse(argv);
    if (parsed.verb === 'help' || parsed.values.help) {
      help(env.out);
      return 0;
    }
    const verb = VERBS[parsed.verb];
    if (!verb) throw new RefusalError(`unknown verb "${parsed.verb}"; run deploy help`);
    checkShape(verb, parsed);
    return (await verb.run(parsed, env)) ?? 0;
  } catch (error) {
    if (error instanceof RefusalError) {
      err(`refused: ${error.message}`);
      return 2;
    }
    err(`deploy failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  }
}
