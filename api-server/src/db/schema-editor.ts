/** The draft history of the writing screens (migration 0050_editor), merged into `Database` of schema.ts. */
import type { ColumnType, Selectable } from 'kysely';
import type { EditorDocument } from 'shared-sdk/contract';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** The last EDITOR_LIMITS.VERSIONS_KEPT saves of each draft. */
export interface DraftVersionsTable {
  draft_id: number;
  version: number;
  title: string;
  /** Characters of the content HTML. */
  size: number;
  /** Written as JSON text (both engines' drivers would otherwise encode objects differently). */
  document: ColumnType<EditorDocument, string, string>;
  created_at: CreatedAt;
}

export type DraftVersionRow = Selectable<DraftVersionsTable>;

declare module './schema' {
  interface Database {
    draft_versions: DraftVersionsTable;
  }
}
