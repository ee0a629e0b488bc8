/**
 * Versions and ranges for the release tooling, read by npm's own `semver` package: the gate must
 * answer exactly as npm and the Module Federation runtime do (`2.0.0-rc.1` is not in `^1.2.3`;
 * `1.2.4` is in `1.2.3 - 1.3.0`). These wrappers only add the rule the callers rely on: text that is
 * not a version, or a range that cannot be read, throws instead of quietly answering false.
 */
import semver from 'semver';

/** True for a full version (`1.2.3`, `1.2.3-rc.1`, build metadata allowed). */
export function isVersion(text: string): boolean {
  return semver.valid(text.trim()) !== null;
}

function version(text: string): string {
  const valid = semver.valid(text.trim());
  if (!valid) throw new Error(`not a semver version: ${text}`);
  return valid;
}

/** Orders two versions (negative, 0, positive); throws on text that is not a version. */
export function compareVersions(a: string, b: string): number {
  return semver.compare(version(a), version(b));
}

/** True when `version` satisfies `range`. Throws on a version or a range npm's semver cannot read. */
export function satisfies(text: string, range: string): boolean {
  const v = version(text);
  if (semver.validRange(range) === null) throw new Error(`unsupported version range: ${range}`);
  return semver.satisfies(v, range);
}
