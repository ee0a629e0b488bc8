/**
 * The operator side of the creator tools, run by `npm run admin` (cli/admin.ts): review certification
 * applications, see the review queue, enable or disable the recruitment tool and the short-drama
 * authority. The same functions answer the running server's operator route, so the CLI works while
 * the server holds the embedded database (see materials/operator-access.ts).
 */
import type { Kysely } from 'kysely';
import type { CertKind } from 'shared-sdk/contract';
import type { Database } from '../../db/schema';
import { type ReviewDecision, REVIEW_DECISIONS, ReviewRefusal, pendingCertifications, reviewCertification } from '../enterprise/certification-store';
import { TOOL_CATALOGUE } from './catalogue';

export const TOOL_COMMANDS = ['certification-review', 'certification-queue', 'grant-tool', 'revoke-tool', 'grant-short-drama', 'revoke-short-drama'] as const;
export type ToolCommand = (typeof TOOL_COMMANDS)[number];
export type ToolCommandArgs = Partial<Record<'phone' | 'kind' | 'decision' | 'reason' | 'tool', string>>;

export const isToolCommand = (name: string): name is ToolCommand => (TOOL_COMMANDS as readonly string[]).includes(name);

async function userId(db: Kysely<Database>, phone: string): Promise<number> {
  const user = await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
  if (!user) throw new ReviewRefusal(`No account with phone ${phone}.`);
  return user.id;
}

async function setTool(db: Kysely<Database>, phone: string, tool: string, on: boolean): Promise<string> {
  if (!TOOL_CATALOGUE[tool]) throw new ReviewRefusal(`Unknown tool "${tool}" (known: ${Object.keys(TOOL_CATALOGUE).join(', ')}).`);
  const id = await userId(db, phone);
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('users').select('tools').where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
    const tools = new Set(row.tools);
    if (on) tools.add(tool);
    else tools.delete(tool);
    await tx.updateTable('users').set({ tools: JSON.stringify([...tools]) }).where('id', '=', id).execute();
    return `${phone} tools: ${[...tools].join(', ') || '(none)'}.`;
  });
}

async function setShortDrama(db: Kysely<Database>, phone: string, on: boolean): Promise<string> {
  await db.updateTable('users').set({ short_drama_auth: on }).where('id', '=', await userId(db, phone)).execute();
  return `${phone} short-drama authority: ${on ? 'on' : 'off'}.`;
}

export async function runToolCommand(db: Kysely<Database>, command: ToolCommand, a: ToolCommandArgs): Promise<string> {
  const phone = a.phone ?? '';
  switch (command) {
    case 'certification-review': {
      const kind = a.kind ?? 'enterprise';
      if (kind !== 'enterprise' && kind !== 'gov') throw new ReviewRefusal(`--kind must be enterprise or gov, got "${kind}".`);
      const decision = a.decision ?? '';
      if (!(REVIEW_DECISIONS as readonly string[]).includes(decision)) throw new ReviewRefusal(`--decision must be one of ${REVIEW_DECISIONS.join(', ')}.`);
      return reviewCertification(db, { phone, kind: kind as CertKind, decision: decision as ReviewDecision, reason: a.reason ?? '' });
    }
    case 'certification-queue':
      return pendingCertifications(db);
    case 'grant-tool':
    case 'revoke-tool':
      return setTool(db, phone, a.tool ?? '', command === 'grant-tool');
    case 'grant-short-drama':
    case 'revoke-short-drama':
      return setShortDrama(db, phone, command === 'grant-short-drama');
  }
}
