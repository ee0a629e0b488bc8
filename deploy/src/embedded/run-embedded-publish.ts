/**
 * `node --import tsx deploy/src/embedded/run-embedded-publish.ts <repoRoot> <storeDir>`: what
 * scripts/start.mjs runs after building. Exit code 0 on success, 1 on failure (start-up goes on).
 */
import { embeddedPublish } from './embedded-publish';

const [repoRoot, storeDir] = process.argv.slice(2);
if (!repoRoot || !storeDir) {
  console.error('usage: run-embedded-publish.ts <repoRoot> <storeDir>');
  process.exit(2);
}
try {
  await embeddedPublish({ repoRoot, storeDir, log: (line) => console.info(`releases: ${line}`) });
} catch (error) {
  console.error('releases: the embedded publish failed', error);
  process.exitCode = 1;
}
