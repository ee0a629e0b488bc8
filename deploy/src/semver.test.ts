import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareVersions, isVersion, satisfies } from './semver';

test('reads versions and orders prereleases before their release', () => {
  assert.ok(isVersion('1.2.3'));
  assert.ok(isVersion('1.2.3-rc.1'));
  assert.ok(!isVersion('1.2'));
  assert.ok(!isVersion('latest'));
  assert.ok(compareVersions('1.2.3-rc.1', '1.2.3') < 0);
  assert.ok(compareVersions('1.10.0', '1.9.9') > 0);
  assert.ok(compareVersions('1.0.0-rc.2', '1.0.0-rc.10') < 0);
});

const cases: [string, string, boolean][] = [
  ['19.3.1', '19.3.1', true],
  ['19.3.2', '19.3.1', false],
  ['19.3.1', '^19.0.0', true],
  ['20.0.0', '^19.0.0', false],
  ['0.2.9', '^0.2.3', true],
  ['0.3.0', '^0.2.3', false],
  ['0.0.4', '^0.0.3', false],
  ['1.9.0', '^1.2', true],
  ['1.11.23', '~1.11.0', true],
  ['1.12.0', '~1.11.0', false],
  ['1.5.0', '~1', true],
  ['6.6.8', '>=6.0.0', true],
  ['5.9.0', '>=6.0.0', false],
  ['6.6.8', '>=6.0.0 <7', true],
  ['7.0.0', '>=6.0.0 <7', false],
  ['18.3.1', '^18.0.0 || ^19.0.0', true],
  ['17.0.2', '^18.0.0 || ^19.0.0', false],
  ['2.14.0', '*', true],
  ['2.14.0', '2.x', true],
  ['3.0.0', '2.x', false],
  ['1.0.0', '>= 1.0.0', true],
];

test('checks the range forms the shared singletons use', () => {
  for (const [version, range, expected] of cases) {
    assert.equal(satisfies(version, range), expected, `${version} in ${range}`);
  }
});

test('refuses ranges it cannot read instead of guessing', () => {
  assert.throws(() => satisfies('1.0.0', 'latest'), /unsupported version range/);
  assert.throws(() => satisfies('next', '^1.0.0'), /not a semver version/);
});

test('answers as npm does where a hand-written reading went wrong', () => {
  // A prerelease of the next major is not in a caret range of the current one.
  assert.equal(satisfies('2.0.0-rc.1', '^1.2.3'), false);
  // Hyphen ranges are inclusive at both ends.
  assert.equal(satisfies('1.2.4', '1.2.3 - 1.3.0'), true);
  assert.equal(satisfies('1.3.1', '1.2.3 - 1.3.0'), false);
  // A prerelease is only in a range that names a prerelease of the same version.
  assert.equal(satisfies('1.2.4-beta.1', '^1.2.3'), false);
  assert.equal(satisfies('1.2.4-beta.2', '>=1.2.4-beta.1 <1.3.0'), true);
});
