/** `admin storage-report [--top N]` (cli/admin.ts) and its operator call: the report of report.ts on the configured storage. */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { UsageError } from '../../cli/run-cli';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/schema';
import { objectStoreFor } from '../../plugins/app/storage';
import type { ObjectStore } from '../../storage/object-store';
import { DiskMultipartUploads } from '../../storage/multipart-uploads';
import { type StorageReportOptions, storageReport } from './report';

/** The report's inputs on this configuration: the storage (the server's own, or one opened for the command), its open uploads. */
export function storageReportOptions(
  db: Kysely<Database>,
  config: AppConfig,
  top: number,
  storage: Pick<ObjectStore, 'scan'> = objectStoreFor(config),
): StorageReportOptions {
  const uploads = config.ossBucket ? null : new DiskMultipartUploads(path.join(config.dataDir, 'storage-multipart'));
  return { db, storage, openUploads: uploads ? () => uploads.listOpen() : null, expiryMs: config.storageLimits.orphanExpiryMs, top };
}

export async function runStorageReport(db: Kysely<Database>, config: AppConfig, top: string): Promise<string> {
  const count = Number(top);
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new UsageError('--top must be a whole number from 1 to 1000.');
  return storageReport(storageReportOptions(db, config, count));
}
