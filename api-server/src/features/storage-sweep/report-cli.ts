/** `admin storage-report [--top N]` (cli/admin.ts): the report of report.ts on the configured storage. */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { UsageError } from '../../cli/run-cli';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/schema';
import { objectStoreFor } from '../../plugins/app/storage';
import { DiskMultipartUploads } from '../../storage/multipart-uploads';
import { storageReport } from './report';

export async function runStorageReport(db: Kysely<Database>, config: AppConfig, top: string): Promise<string> {
  const count = Number(top);
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new UsageError('--top must be a whole number from 1 to 1000.');
  const uploads = config.ossBucket ? null : new DiskMultipartUploads(path.join(config.dataDir, 'storage-multipart'));
  return storageReport({
    db,
    storage: objectStoreFor(config),
    openUploads: uploads ? () => uploads.listOpen() : null,
    expiryMs: config.storageLimits.orphanExpiryMs,
    top: count,
  });
}
