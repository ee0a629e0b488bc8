import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../testing/test-app';
import { openDatabase } from './connect';
import { pendingMigrations } from './migrate';
import { migrations } from './migrations';
import { prepareEmbeddedDatabase } from './pglite-prepare';

describe('the embedded database, created and migrated in a child process', () => {
  it('creates a database in an empty folder with every migration, and finds nothing to do the second time', async () => {
    const temp = tempDir('creator-prepare');
    const dir = path.join(temp.dir, 'pglite');
    try {
      assert.deepEqual(await prepareEmbeddedDatabase(dir), Object.keys(migrations));
      assert.deepEqual(await prepareEmbeddedDatabase(dir), []);
      // The server that opens it afterwards has nothing left to migrate.
      const database = await openDatabase({ databaseUrl: '', pgliteDir: dir });
      try {
        assert.deepEqual(await pendingMigrations(database.db), []);
      } finally {
        await database.close();
      }
    } finally {
      temp.remove();
    }
  });

  it("refuses a folder another live process holds, with the lock's own message", async () => {
    const temp = tempDir('creator-prepare');
    const dir = path.join(temp.dir, 'pglite');
    writeFileSync(`${dir}.pid`, String(process.pid));
    try {
      await assert.rejects(prepareEmbeddedDatabase(dir), new RegExp(`in use by process ${process.pid}`));
    } finally {
      temp.remove();
    }
  });
});
