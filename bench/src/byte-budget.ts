/**
 * The byte budget check run by `npm test` after the build: starts the built product on a free port
 * with a fresh data folder, loads each entry page cold in Chromium and fails when a page's JavaScript
 * is over its gzip budget or a shared singleton is loaded twice. A size check, not a timing.
 */
import { startProduct } from '../../e2e/support/server';
import { measureFirstLoads, report } from './first-load';

const product = await startProduct();
let problems: string[];
try {
  problems = report(await measureFirstLoads(product.baseUrl));
} finally {
  await product.stop();
}
if (problems.length) {
  console.error(`\nbyte budget: FAILED\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.info('\nbyte budget: ok');
