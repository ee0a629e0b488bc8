import { compareVersions } from '../semver';
import type { RolloutManifest, RolloutStats, VersionCounts, VitalName } from '../rollout/types';

/** Left-aligned columns, two spaces apart. */
export function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, col) => cell.padEnd(widths[col] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

function loads(stats: RolloutStats, remote: string, version: string | undefined): string {
  const counts = version ? stats[remote]?.[version] : undefined;
  if (!counts) return '-';
  const rate = counts.loads ? ((counts.failures / counts.loads) * 100).toFixed(1) : '0.0';
  return `${counts.loads} (${rate} % failed)`;
}

export function statusLines(manifest: RolloutManifest, stats: RolloutStats, env: string): string[] {
  const names = Object.keys(manifest.remotes).sort();
  if (!names.length) return [`${env}: no remote rolled out yet (revision ${manifest.revision})`];
  const rows = [['remote', 'stable', 'canary', '%', 'stable loads', 'canary loads', 'pins']];
  for (const name of names) {
    const r = manifest.remotes[name];
    if (!r) continue;
    rows.push([
      name,
      r.stable?.version ?? '-',
      r.canary?.version ?? '-',
      r.canary ? String(r.canary.percent) : '-',
      loads(stats, name, r.stable?.version),
      loads(stats, name, r.canary?.version),
      String(Object.keys(r.pins).length),
    ]);
  }
  return [`${env} (revision ${manifest.revision})`, ...table(rows), ...versionLines(manifest, stats, names)];
}

const percent = (part: number, whole: number) => `${whole ? ((part / whole) * 100).toFixed(1) : '0.0'} %`;

/** The share of a vital's measured views rated poor, and of how many: `4.0 % of 250`; '-' when none measured. */
function poorShare(counts: VersionCounts, metric: VitalName): string {
  const vital = counts.vitals?.[metric];
  return vital?.views ? `${percent(vital.poor, vital.views)} of ${vital.views}` : '-';
}

/**
 * Every counted version beside its loads: failed loads, error sessions (page loads whose screens
 * then failed) and the field vitals users' pages measured (share of LCP and INP views rated poor),
 * the figures the automatic rollback judges. Stable first, then the canary, then any other version.
 */
function versionLines(manifest: RolloutManifest, stats: RolloutStats, names: string[]): string[] {
  const rows = [['remote', 'version', 'role', 'loads', 'failed', 'error sessions', 'poor LCP', 'poor INP']];
  for (const name of names) {
    const r = manifest.remotes[name];
    const counted = stats[name] ?? {};
    const roleOf = (version: string) => (version === r?.stable?.version ? 'stable' : version === r?.canary?.version ? 'canary' : '-');
    const order = (version: string) => ['stable', 'canary', '-'].indexOf(roleOf(version));
    const versions = Object.keys(counted).sort((a, b) => order(a) - order(b) || compareVersions(a, b));
    for (const version of versions) {
      const counts = counted[version]!;
      rows.push([
        name,
        version,
        roleOf(version),
        String(counts.loads),
        percent(counts.failures, counts.loads),
        counts.errorSessions === undefined ? '-' : percent(counts.errorSessions, counts.loads),
        poorShare(counts, 'LCP'),
        poorShare(counts, 'INP'),
      ]);
    }
  }
  if (rows.length === 1) return [];
  return ['', "per version (the remote's current run; a version outside it: its last run)", ...table(rows)];
}

export function historyLines(manifest: RolloutManifest, remote: string): string[] {
  const history = manifest.remotes[remote]?.history ?? [];
  if (!history.length) return [`${remote}: no history`];
  return table(
    history.map((h) => [
      h.at,
      h.who,
      h.action,
      `${h.from ?? '-'} → ${h.to ?? '-'}`,
      [h.user ? `user ${h.user}` : '', h.reason ?? ''].filter(Boolean).join('; '),
    ]),
  );
}
