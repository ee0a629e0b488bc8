/**
 * The plans of the queries a call runs, for tests that check which index a list or search uses:
 * each executed statement, compiled as the database received it, EXPLAINed (JSON) with sequential
 * scans turned off (at test sizes a scan of the whole table is cheap and the planner would rightly
 * take it; at a million rows it is what the indexes exist to avoid).
 */
import { CompiledQuery, type Kysely, type KyselyPlugin, type QueryId, type QueryResult, type RootOperationNode, type UnknownRow, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Records every query a call runs. A builder embedded in a larger statement passes through the
 * plugin too, but only executed statements get a result.
 */
class Recorder implements KyselyPlugin {
  readonly #seen = new Map<QueryId, RootOperationNode>();
  readonly nodes: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  transformQuery(args: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    this.#seen.set(args.queryId, args.node);
    return args.node;
  }
  async transformResult(args: { result: QueryResult<UnknownRow>; queryId: QueryId }): Promise<QueryResult<UnknownRow>> {
    const node = this.#seen.get(args.queryId);
    if (node) this.nodes.push({ node, queryId: args.queryId });
    return args.result;
  }
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** With `analyze`: 0 for a part the statement never ran (a branch its one-time filter skipped). */
  'Actual Loops'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

function flatten(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  out.push(node);
  for (const child of node.Plans ?? []) flatten(child, out);
  return out;
}

/**
 * Runs `call` with a recording database and answers the plan nodes of every statement it ran;
 * `analyze` runs them again under EXPLAIN ANALYZE (reads only), so the nodes say what actually ran.
 */
export async function plansOf(db: Kysely<Database>, call: (db: Kysely<Database>) => Promise<unknown>, analyze = false): Promise<PlanNode[][]> {
  const recorder = new Recorder();
  await call(db.withPlugin(recorder));
  const out: PlanNode[][] = [];
  for (const { node, queryId } of recorder.nodes) {
    const compiled = db.getExecutor().compileQuery(node, queryId);
    const rows = await db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const explained = await tx.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (${analyze ? 'analyze, ' : ''}format json) ${compiled.sql}`, [...compiled.parameters]),
      );
      return explained.rows;
    });
    const raw = rows[0]?.['QUERY PLAN'];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    out.push(flatten(parsed[0]?.Plan as PlanNode));
  }
  return out;
}

/** The indexes a plan reads. */
export const indexesOf = (nodes: PlanNode[][]): string[] => nodes.flat().flatMap((n) => (n['Index Name'] ? [n['Index Name']] : []));
/** The tables a plan scans whole. */
export const seqScans = (nodes: PlanNode[][]): string[] => nodes.flat().flatMap((n) => (n['Node Type'] === 'Seq Scan' ? [n['Relation Name'] ?? ''] : []));
/** The indexes an analyzed plan actually read. */
export const indexesRead = (nodes: PlanNode[][]): string[] =>
  nodes.flat().flatMap((n) => (n['Index Name'] && (n['Actual Loops'] ?? 0) > 0 ? [n['Index Name']] : []));
/** How a plan reads `index` (e.g. "Index Only Scan"), once per use. */
export const scansOf = (nodes: PlanNode[][], index: string): string[] => nodes.flat().flatMap((n) => (n['Index Name'] === index ? [n['Node Type']] : []));
