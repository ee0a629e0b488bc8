/**
 * The small part of semver the gate needs: versions `1.2.3(-pre)`, and ranges made of exact
 * versions, `^`, `~`, comparators (`>=`, `>`, `<=`, `<`, `=`), `*` / `x`, space-joined comparators
 * (all must hold) and `||` alternatives. Kept here, pure, so the host bundle could use it too.
 */
export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): SemVer | null {
  const m = VERSION.exec(text.trim());
  if (!m) return null;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), prerelease: m[4] ? m[4].split('.') : [] };
}

export function isVersion(text: string): boolean {
  return parseVersion(text) !== null;
}

function comparePre(a: string[], b: string[]): number {
  // A release sorts after its prereleases (1.0.0-rc.1 < 1.0.0).
  if (!a.length || !b.length) return b.length - a.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export function compare(a: SemVer, b: SemVer): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch || comparePre(a.prerelease, b.prerelease);
}

/** Compares two version strings; throws on text that is not a version. */
export function compareVersions(a: string, b: string): number {
  const x = parseVersion(a);
  const y = parseVersion(b);
  if (!x || !y) throw new Error(`not a semver version: ${x ? b : a}`);
  return compare(x, y);
}

type Test = (v: SemVer) => boolean;

/** `1`, `1.2`, `1.x`, `1.2.*` → the parts given, the rest missing. */
function partial(text: string): { parts: number[]; full: SemVer | null } | null {
  const full = parseVersion(text);
  if (full) return { parts: [full.major, full.minor, full.patch], full };
  const m = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/.exec(text);
  if (!m) return null;
  const parts: number[] = [];
  for (const p of [m[1], m[2], m[3]]) {
    if (p === undefined || /^[xX*]$/.test(p)) break;
    parts.push(Number(p));
  }
  return { parts, full: null };
}

function floor(parts: number[]): SemVer {
  return { major: parts[0] ?? 0, minor: parts[1] ?? 0, patch: parts[2] ?? 0, prerelease: [] };
}

function comparator(token: string): Test | null {
  const m = /^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(token);
  const op = m?.[1] ?? '';
  const p = partial(m?.[2] ?? '');
  if (!p) return null;
  const { parts } = p;
  const low = p.full ?? floor(parts);
  const cmp = (v: SemVer) => compare(v, low);
  if (op === '>=') return (v) => cmp(v) >= 0;
  if (op === '>') return (v) => cmp(v) > 0;
  if (op === '<=') return (v) => cmp(v) <= 0;
  if (op === '<') return (v) => cmp(v) < 0;
  if (parts.length === 0) return () => true;
  let upper: SemVer;
  if (op === '^') {
    // ^ allows changes that do not modify the left-most non-zero part.
    const nonZero = parts.findIndex((n) => n !== 0);
    const bump = nonZero === -1 ? parts.length - 1 : nonZero;
    upper = floor(parts.slice(0, bump + 1).map((n, idx) => (idx === bump ? n + 1 : n)));
  } else if (op === '~') {
    const bump = parts.length === 1 ? 0 : 1;
    upper = floor(parts.slice(0, bump + 1).map((n, idx) => (idx === bump ? n + 1 : n)));
  } else if (p.full) {
    return (v) => cmp(v) === 0;
  } else {
    // `1.2` or `1.x`: any version with that prefix.
    upper = floor(parts.map((n, idx) => (idx === parts.length - 1 ? n + 1 : n)));
  }
  return (v) => cmp(v) >= 0 && compare(v, upper) < 0;
}

/** True when `version` satisfies `range`. Throws on a range this module cannot read. */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v) throw new Error(`not a semver version: ${version}`);
  return range.split('||').some((alternative) => {
    const tokens = alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean);
    return tokens.every((token) => {
      const test = comparator(token);
      if (!test) throw new Error(`unsupported version range: ${range}`);
      return test(v);
    });
  });
}
