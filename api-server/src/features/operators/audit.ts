/**
 * The audit trail: one row per operator action (who, role, action, target, the values before and
 * after, the reason, when, from which address), written in the same transaction as the change by
 * `audited`: a change that fails leaves no row, and a change cannot commit without its row (an
 * operator change that records nothing is refused as a programming error and rolled back).
 * The table is append-only (migration 0200: triggers refuse UPDATE, DELETE and TRUNCATE). The server's
 * own release steps (the automatic rollback, the step plans) are on it too, as `systemActor` (role
 * 'system', no operator id), written right after the manifest they changed. The command line's
 * direct-database path (the embedded default, and the bootstrap `operator add`) is on it as
 * `cliActor` (named `cli:<OS user>`, no operator id).
 */
import os from 'node:os';
import { Readable } from 'node:stream';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { AuditEntry } from 'shared-sdk/contract';
import type { AuditAction } from 'shared-sdk/contract/audit-actions';
import type { Database, OperatorAuditRow } from '../../db/schema';
import type { OperatorActor } from './actor';

export interface AuditRecord {
  /** `<target>.<verb>`, one of `AUDIT_ACTIONS` (material.approve, user.ban, operator.add, …). */
  action: AuditAction;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

export type Record = (entry: AuditRecord) => void;

/** The role of the rows the server writes on its own judgement (no operator, no address). */
export const SYSTEM_ROLE = 'system';

/** The server itself as the actor of a step it took on its own, named for the part that took it: `api-server (auto-rollback)`. */
export const systemActor = (name: string): OperatorActor => ({
  id: null,
  name,
  role: SYSTEM_ROLE,
  credentialId: null,
  via: 'system',
  expiresAt: null,
  ip: '',
});

/** The role of the command line's rows on the database directly: it may do what an admin may. */
export const CLI_ROLE = 'admin';

/** The OS user running this process (the environment's name when the system has no entry for it). */
function osUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

/**
 * The command line on the database directly as the actor: no operator signed in, so the row names
 * the command line and the OS user who ran it (`cli:alice`), from the address 'cli'.
 */
export const cliActor = (user: string = osUser()): OperatorActor => ({
  id: null,
  name: `cli:${user}`,
  role: CLI_ROLE,
  credentialId: null,
  via: 'cli',
  expiresAt: null,
  ip: 'cli',
});

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

export async function writeAudit(db: Kysely<Database>, actor: OperatorActor, entries: readonly AuditRecord[]): Promise<void> {
  if (!entries.length) return;
  await db
    .insertInto('operator_audit')
    .values(
      entries.map((entry) => ({
        operator_id: actor.id,
        operator_name: actor.name,
        role: actor.role,
        action: entry.action,
        target_type: entry.targetType,
        target_id: String(entry.targetId),
        before: json(entry.before),
        after: json(entry.after),
        reason: entry.reason ?? '',
        ip: actor.ip,
      })),
    )
    .execute();
}

/**
 * Runs `change` in a transaction and writes the audit rows it recorded in the same transaction.
 * A change that records nothing is rolled back: every operator change has its row.
 */
export async function audited<T>(db: Kysely<Database>, actor: OperatorActor, change: (tx: Transaction<Database>, record: Record) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const entries: AuditRecord[] = [];
    const result = await change(tx, (entry) => entries.push(entry));
    if (!entries.length) throw new Error('an operator change recorded no audit row');
    await writeAudit(tx, actor, entries);
    return result;
  });
}

export interface AuditFilter {
  operator_id?: number;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
}

function filtered(db: Kysely<Database>, filter: AuditFilter) {
  let query = db.selectFrom('operator_audit').selectAll();
  if (filter.operator_id) query = query.where('operator_id', '=', filter.operator_id);
  // An action filter without a verb takes every action on that target type (`material` → material.*).
  if (filter.action) query = filter.action.includes('.') ? query.where('action', '=', filter.action) : query.where('action', 'like', `${filter.action}.%`);
  if (filter.target_type) query = query.where('target_type', '=', filter.target_type);
  if (filter.target_id) query = query.where('target_id', '=', filter.target_id);
  if (filter.from) query = query.where('at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('at', '<', new Date(filter.to));
  return query;
}

export function auditEntryOf(row: OperatorAuditRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    operator_id: row.operator_id,
    operator: row.operator_name,
    role: row.role,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip: row.ip,
  };
}

export async function listAudit(db: Kysely<Database>, filter: AuditFilter, page: number, size: number) {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    filtered(db, filter)
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(auditEntryOf), total: Number(count.n), page, size };
}

const CSV_COLUMNS = ['id', 'at', 'operator', 'role', 'action', 'target_type', 'target_id', 'reason', 'ip', 'before', 'after'] as const;
const EXPORT_BATCH = 1000;

/** One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused (spreadsheet formulas). */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Every matching row as CSV, newest first, read in batches by keyset (id), so an export of the whole
 * trail never holds it in memory. UTF-8 with a byte-order mark, so spreadsheet programs read the Chinese.
 */
export function exportAuditCsv(db: Kysely<Database>, filter: AuditFilter): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield `\uFEFF${CSV_COLUMNS.join(',')}\r\n`;
    let below: number | null = null;
    for (;;) {
      let query = filtered(db, filter).orderBy('id', 'desc').limit(EXPORT_BATCH);
      if (below !== null) query = query.where('id', '<', below);
      const rows = await query.execute();
      for (const row of rows) {
        const entry = auditEntryOf(row);
        yield `${CSV_COLUMNS.map((column) => csvField(entry[column === 'operator' ? 'operator' : column])).join(',')}\r\n`;
      }
      if (rows.length < EXPORT_BATCH) return;
      below = Number(rows[rows.length - 1]!.id);
    }
  }
  return Readable.from(lines());
}
