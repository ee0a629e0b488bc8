import type { RolloutManifest, RolloutStats } from '../rollout/types';

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
  return [`${env} (revision ${manifest.revision})`, ...table(rows)];
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
