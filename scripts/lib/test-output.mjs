// Reading the output of the test runners `npm test` drives: jest's, and node's test runner in its spec and TAP
// reporters (TAP when its output is not a terminal on older Nodes, spec otherwise).

/**
 * The tests a run's output counts: jest's summary line ("Tests:  1 failed, 4 passed, 5 total") and node's
 * ("ℹ pass 4" in spec, "# pass 4" in TAP).
 * @param {string} out
 * @returns {{ passed: number, failed: number }}
 */
export function countTests(out) {
  const totals = { passed: 0, failed: 0 };
  for (const line of out.split('\n')) {
    const jest = line.match(/^Tests:\s+(.*)$/);
    if (jest) {
      totals.passed += Number(jest[1].match(/(\d+) passed/)?.[1] ?? 0);
      totals.failed += Number(jest[1].match(/(\d+) failed/)?.[1] ?? 0);
    }
    const node = line.match(/^(?:ℹ|#) (pass|fail) (\d+)$/);
    if (node) totals[node[1] === 'pass' ? 'passed' : 'failed'] += Number(node[2]);
  }
  return totals;
}

/**
 * The names of the tests a run's output reports as failed, each once, in the order first reported: jest's
 * "● Suite › test" headings, node's "✖ test (12ms)" (spec) and "not ok 3 - test" (TAP). A suite whose test
 * failed is named too (node reports it failed with it). Jest's console blocks are not failures.
 * @param {string} out
 * @returns {string[]}
 */
export function failedTests(out) {
  const names = new Set();
  for (const line of out.split('\n')) {
    const name = line.match(/^\s*● (.+)$/)?.[1] ?? line.match(/^\s*✖ (.+?)(?: \([\d.]+m?s\))?$/)?.[1] ?? line.match(/^\s*not ok \d+ - (.+?)(?: # .*)?$/)?.[1];
    if (name && !/^Console$/.test(name.trim()) && name.trim() !== 'failing tests:') names.add(name.trim());
  }
  return [...names];
}
