/**
 * A separate process that tries one manifest write at a given instant, for the test that two
 * deploys racing from different processes cannot both win. Prints "won" or "conflict".
 */
import { ConflictError } from '../errors';
import { FolderBlobStore } from '../store/folder-blob-store';
import { ReleaseStore } from '../store/release-store';

const [root = '', env = '', expected = '0', writer = '', startAt = '0'] = process.argv.slice(2);
const store = new ReleaseStore(new FolderBlobStore(root));
const base = await store.readManifest(env);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
try {
  await store.writeManifest(env, { ...base, salt: writer }, Number(expected));
  console.info('won');
} catch (error) {
  if (!(error instanceof ConflictError)) throw error;
  console.info('conflict');
}
