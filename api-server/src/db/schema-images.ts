/** Clean copies of images (migration 0180_clean_images), merged into `Database` of schema.ts. */
import type { ColumnType, Selectable } from 'kysely';

export interface CleanImagesTable {
  /** The clean copy's storage key (upload layout, image folder). */
  object_key: string;
  owner_id: number;
  /** The upload's key it was made from, or `url:<address>` for a re-hosted picture. */
  source: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type CleanImageRow = Selectable<CleanImagesTable>;

declare module './schema' {
  interface Database {
    clean_images: CleanImagesTable;
  }
}
