// How `npm test` reads the test runners' output (scripts/lib/test-output.mjs): the counts it totals, and the
// failed tests it names at the end of a run, where a long log's last page shows them.
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// By its address: the root scripts are not part of this package's typecheck.
const { countTests, failedTests } = await import(pathToFileURL(path.join(root, 'scripts', 'lib', 'test-output.mjs')).href);

const JEST = `
PASS src/layout/side-menu.test.tsx
FAIL src/layout/app-header.test.tsx (12.3 s)
  ● Console

    console.warn
      host-shell: ban check failed ApiError: 网络异常

  ● AppHeader › the user menu is a button the keyboard reaches

    expect(element).toHaveFocus()

Test Suites: 1 failed, 1 passed, 2 total
Tests:       1 failed, 12 passed, 13 total
`;

const SPEC = `
▶ drafts
  ✔ searches by keyword and keeps it in the URL (3941.387162ms)
  ✖ 删除 asks for confirmation, then deletes (删除成功!) (3810.468294ms)
✖ drafts (23683.508504ms)
ℹ tests 2
ℹ pass 1
ℹ fail 1

✖ failing tests:

test at tests/drafts.e2e.ts:110:3
✖ 删除 asks for confirmation, then deletes (删除成功!) (3810.468294ms)
`;

const TAP = `
# Subtest: StartPreloadPlugin
    # Subtest: preloads the bootstrap's files
    not ok 1 - preloads the bootstrap's files
      ---
      duration_ms: 812.5
    ok 2 - fails the build when the entry has no such import
not ok 1 - StartPreloadPlugin
# pass 1
# fail 1
`;

describe('test output', () => {
  it('totals the counts of jest and of node in both reporters', () => {
    assert.deepEqual(countTests(JEST), { passed: 12, failed: 1 });
    assert.deepEqual(countTests(SPEC), { passed: 1, failed: 1 });
    assert.deepEqual(countTests(TAP), { passed: 1, failed: 1 });
  });

  it('names each failed test once, not the console blocks, the passes or the heading of the summary', () => {
    assert.deepEqual(failedTests(JEST), ['AppHeader › the user menu is a button the keyboard reaches']);
    assert.deepEqual(failedTests(SPEC), ['删除 asks for confirmation, then deletes (删除成功!)', 'drafts']);
    assert.deepEqual(failedTests(TAP), ["preloads the bootstrap's files", 'StartPreloadPlugin']);
  });

  it('names nothing when nothing failed', () => {
    assert.deepEqual(failedTests('PASS a.test.ts\nTests:       3 passed, 3 total\n✔ b (1ms)\nok 1 - c\n'), []);
  });
});
