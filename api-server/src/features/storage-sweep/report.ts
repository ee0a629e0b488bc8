/**
 * `admin storage-report`: what the storage holds, for an operator's terminal: bytes by kind (upload
 * layout), the creators holding the most, the open multipart uploads (embedded storage), and the
 * pending orphans (uploads no record names, older than the expiry: what the next sweep removes).
 * One walk of the store, a batch of reference lookups by primary key per 500 objects.
 */
import type { Kysely } from 'kysely';
import { formatBytes, type StorageReport as StorageReportData } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import type { MultipartUpload } from '../../storage/multipart-uploads';
import type { ListedObject, ObjectStore } from '../../storage/object-store';
import { UPLOAD_KINDS, parseUploadKey } from '../upload/keys';
import { nameOfKey, refsOf, uploadedObjects } from './sweep';

export interface StorageReportOptions {
  db: Kysely<Database>;
  storage: Pick<ObjectStore, 'scan'>;
  /** The embedded storage's open uploads; null with an OSS bucket (not tracked here). */
  openUploads: (() => Promise<Array<MultipartUpload & { bytes: number; touchedAt: Date }>>) | null;
  expiryMs: number;
  top: number;
  now?: Date;
}

interface Tally {
  objects: number;
  bytes: number;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')}`.trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const add = (tally: Tally, size: number) => {
  tally.objects += 1;
  tally.bytes += size;
};

/** The report's figures (the operator API answers them; `storageReport` prints them). */
export async function collectStorageReport(options: StorageReportOptions): Promise<StorageReportData> {
  const now = options.now ?? new Date();
  const cutoff = now.getTime() - options.expiryMs;
  const byKind = new Map<string, Tally>(UPLOAD_KINDS.map((kind) => [kind, { objects: 0, bytes: 0 }]));
  const byScope = new Map<string, Tally>();
  const pending: Tally = { objects: 0, bytes: 0 };
  const youngUnnamed: Tally = { objects: 0, bytes: 0 };

  async function judge(batch: ListedObject[]): Promise<void> {
    const { named } = await refsOf(
      options.db,
      batch.map((object) => nameOfKey(object.key)),
      cutoff,
    );
    for (const object of batch) {
      if (named.has(nameOfKey(object.key))) continue;
      add(object.lastModified.getTime() > cutoff ? youngUnnamed : pending, object.size);
    }
  }

  let batch: ListedObject[] = [];
  for await (const object of uploadedObjects(options.storage)) {
    const parsed = parseUploadKey(object.key);
    if (!parsed) continue;
    add(byKind.get(parsed.kind) ?? { objects: 0, bytes: 0 }, object.size);
    const scope = byScope.get(parsed.scope) ?? { objects: 0, bytes: 0 };
    add(scope, object.size);
    byScope.set(parsed.scope, scope);
    batch.push(object);
    if (batch.length >= 500) {
      await judge(batch);
      batch = [];
    }
  }
  if (batch.length) await judge(batch);

  const open = options.openUploads ? await options.openUploads() : null;
  const openByScope = new Map<string, Tally>();
  for (const upload of open ?? []) {
    const tally = openByScope.get(upload.scope) ?? { objects: 0, bytes: 0 };
    add(tally, upload.bytes);
    openByScope.set(upload.scope, tally);
  }

  const kinds = [...byKind.entries()].map(([kind, tally]) => ({ kind, ...tally }));
  const total = kinds.reduce((sum, tally) => ({ objects: sum.objects + tally.objects, bytes: sum.bytes + tally.bytes }), { objects: 0, bytes: 0 });
  const topScopes = [...byScope.entries()].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, options.top);
  const uids = topScopes.map(([scope]) => Number(scope.slice(1))).filter((id) => Number.isSafeInteger(id) && id <= 2 ** 31 - 1);
  const users = uids.length ? await options.db.selectFrom('users').select(['id', 'phone', 'nickname']).where('id', 'in', uids).execute() : [];
  const userOf = new Map(users.map((user) => [`u${user.id}`, user]));
  return {
    at: now.toISOString(),
    kinds,
    total,
    top: topScopes.map(([scope, tally]) => ({
      scope,
      creator: userOf.get(scope) ?? null,
      ...tally,
      open_uploads: openByScope.get(scope) ?? { objects: 0, bytes: 0 },
    })),
    open_uploads:
      open === null
        ? null
        : {
            uploads: open.length,
            creators: openByScope.size,
            bytes: open.reduce((sum, upload) => sum + upload.bytes, 0),
            oldest_touched_at: open.length ? new Date(Math.min(...open.map((upload) => upload.touchedAt.getTime()))).toISOString() : null,
          },
    pending_orphans: pending,
    young_unnamed: youngUnnamed,
    expiry_days: Math.round((options.expiryMs / 86_400_000) * 10) / 10,
  };
}

export async function storageReport(options: StorageReportOptions): Promise<string> {
  return storageReportText(await collectStorageReport(options), options.top);
}

/** The report as a terminal shows it (the command on the database, or through the operator API). */
export function storageReportText(report: StorageReportData, top: number): string {
  const open = report.open_uploads;
  const lines = [
    `Storage report, ${report.at}`,
    '',
    'Uploaded objects by kind',
    table(
      ['kind', 'objects', 'bytes'],
      [
        ...report.kinds.map((tally) => [tally.kind, String(tally.objects), formatBytes(tally.bytes)]),
        ['total', String(report.total.objects), formatBytes(report.total.bytes)],
      ],
    ),
    '',
    `Top ${top} creators by bytes stored`,
    report.top.length
      ? table(
          ['creator', 'phone', 'nickname', 'objects', 'bytes', 'open uploads'],
          report.top.map((row) => [
            row.scope,
            row.creator?.phone ?? '-',
            row.creator?.nickname ?? '(no such user)',
            String(row.objects),
            formatBytes(row.bytes),
            row.open_uploads.objects ? `${row.open_uploads.objects} (${formatBytes(row.open_uploads.bytes)})` : '0',
          ]),
        )
      : '  (none)',
    '',
    open === null
      ? 'Open multipart uploads: not tracked here (OSS bucket: see its lifecycle rule)'
      : `Open multipart uploads: ${open.uploads} by ${open.creators} creator(s), ${formatBytes(open.bytes)} in parts` +
        (open.oldest_touched_at ? `, oldest untouched since ${open.oldest_touched_at}` : ''),
    `Pending orphans (named by no record, older than ${report.expiry_days} days; the next sweep removes them): ${report.pending_orphans.objects} objects, ${formatBytes(report.pending_orphans.bytes)}`,
    `Named by no record yet, younger than that: ${report.young_unnamed.objects} objects, ${formatBytes(report.young_unnamed.bytes)}`,
  ];
  return lines.join('\n');
}
