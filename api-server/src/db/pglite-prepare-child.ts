/**
 * Run as a child process by prepareEmbeddedDatabase (pglite-prepare.ts): opens the embedded database
 * in the folder it is given (PGlite creates it when the folder is empty), migrates it to the latest
 * schema and closes it. Exit code 0 when done; the reason on stderr otherwise.
 */
import { openDatabase } from './connect';
import { migrateToLatest } from './migrate';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: pglite-prepare-child <folder>');
  process.exit(2);
}
try {
  const database = await openDatabase({ databaseUrl: '', pgliteDir: dir });
  try {
    const applied = await migrateToLatest(database.db);
    process.send?.({ applied });
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
