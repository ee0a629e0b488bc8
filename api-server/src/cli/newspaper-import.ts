/**
 * Operator CLI: import one newspaper issue.
 *   pnpm --filter api-server newspaper:import --type 1 --date 2026-11-22 issue.pdf [more.pdf …]
 * One multi-page PDF, or one PDF per page in page order. Re-importing a day replaces its pages
 * atomically. With OPERATOR_API_URL and OPERATOR_API_TOKEN (or --server and --token) the PDF is sent
 * to the operator API (one multi-page PDF), authorized by the operator's role and audited under
 * their name; that is the only way in production. Otherwise it works on the database and storage
 * the server uses (same environment variables), migrating the embedded database first, and records
 * the import in the audit trail as `cli:<OS user>`.
 * Exit codes: 0 done, 1 refused or failed, 2 usage error.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCli, UsageError } from './run-cli';
import { NEWSPAPERS } from 'shared-sdk/contract';
import { loadConfig } from '../config';
import { bytes } from '../lib/bytes';
import { openDatabase, pgliteDirFor } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { ImportRefusal, importIssue } from '../features/newspaper/import-issue';
import { paperName } from '../features/newspaper/issue-params';
import { createPdfjsRenderer } from '../features/newspaper/page-renderer';
import { objectStoreFor } from '../plugins/app/storage';
import { operator as contract } from 'shared-sdk/contract/schemas';
import { apiTarget, callApi, productionDatabaseRefusal } from './operator-api';
import { CliRefusal } from './commands';
import { cliActor } from '../features/operators/audit';
import { recordNewspaperImport } from '../features/operators/newspaper-routes';

const USAGE = `Usage: pnpm --filter api-server newspaper:import --type <1-8> --date <YYYY-MM-DD> <file.pdf> [more.pdf …] [--server <url> --token <mfop_…>]

  --type   ${NEWSPAPERS.map((paper) => `${paper.value} ${paper.label}`).join(', ')}
  --date   the issue's day
  files    one multi-page PDF, or one PDF per page in page order (through the operator API: one PDF)
  --server, --token   or OPERATOR_API_URL, OPERATOR_API_TOKEN: through the operator API (required in production)`;

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        type: { type: 'string' },
        date: { type: 'string' },
        server: { type: 'string' },
        token: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.info(USAGE);
    return 0;
  }
  if (!values.type || !values.date || !positionals.length) throw new UsageError('--type, --date and at least one PDF file are needed.');
  const target = apiTarget(values);
  if (target && positionals.length > 1) throw new CliRefusal('Through the operator API an issue is one multi-page PDF: join the pages into one file.');

  // pnpm runs the script inside api-server/: paths are meant from where the operator typed them.
  const base = process.env.INIT_CWD || process.cwd();
  const files = await Promise.all(
    positionals.map((file) =>
      fs.readFile(path.resolve(base, file)).then(bytes, (error: NodeJS.ErrnoException) => {
        throw new ImportRefusal(`Cannot read ${file}: ${error.code ?? error.message}`);
      }),
    ),
  );

  if (target) {
    const started = Date.now();
    const result = await callApi<contract.NewspaperImport>(target.server, target.token, {
      url: contract.newspaperImport.url,
      query: { type: values.type, date: values.date },
      raw: { bytes: files[0]!, contentType: 'application/pdf' },
    });
    console.info(
      `Imported ${result.paper} (type ${result.type}) of ${result.date}: ${result.pages} pages through ${target.server} in ${Date.now() - started} ms.`,
    );
    return 0;
  }
  const config = loadConfig();
  if (config.production) throw productionDatabaseRefusal('newspaper:import');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    // The embedded default (production never gets here: it imports through the API and never migrates from the command line).
    await migrateToLatest(database.db);
    const started = Date.now();
    const result = await importIssue(
      {
        db: database.db,
        storage: objectStoreFor(config),
        renderer: createPdfjsRenderer(),
        // On record as the command line, with the row the operator API writes.
        alsoInTransaction: recordNewspaperImport(
          cliActor(),
          files.reduce((sum, file) => sum + file.length, 0),
        ),
      },
      { type: values.type, date: values.date, files },
    );
    const replaced = result.replacedObjects ? `, replaced the previous import (${result.replacedObjects} objects deleted)` : '';
    console.info(
      `Imported ${paperName(result.type)} (type ${result.type}) of ${result.date}: ${result.pages} pages as import ${result.importId}${replaced} in ${Date.now() - started} ms.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli(() => main(process.argv.slice(2)), USAGE, [ImportRefusal, CliRefusal]);
