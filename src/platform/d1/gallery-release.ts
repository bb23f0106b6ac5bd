/**
 * The galleries' part of the minute cron's go-live (src/platform/d1/publishing-store.ts
 * publishDue; docs/decisions/0036-gallery-release-time.md): release every gallery whose
 * `published_at` has passed, in the same batch (one transaction) as the stories' flip, so a story
 * and the gallery its body shows appear together. The release stamps the galleries with the run's
 * id, and the statements after it select by that stamp, as the stories' do.
 */
import type { ReleasedGallery } from '#src/domain/publishing-ports';
import { rowsOf } from './read-sql';

/**
 * The probe's gallery arm: one look at the partial index galleries_due
 * (migrations/0017_gallery_release.sql). `?1` is the run's time.
 */
export const GALLERIES_DUE_PROBE = 'SELECT 1 AS due FROM galleries WHERE is_public = 0 AND published_at <= ?1';

/**
 * Appended to the stories' statements in the go-live batch. The revision is bumped here only when
 * no story went live in this run (the stories' own bump counted it then); the last statement
 * reads the revision after every bump of the batch.
 */
export function galleryReleaseStatements(db: D1Database, runId: string, now: number): D1PreparedStatement[] {
  return [
    db.prepare('UPDATE galleries SET is_public = 1, live_run = ?1 WHERE is_public = 0 AND published_at <= ?2').bind(runId, now),
    db
      .prepare(
        `UPDATE content_revision SET revision = revision + 1 WHERE id = 1
         AND EXISTS (SELECT 1 FROM galleries WHERE live_run = ?1) AND NOT EXISTS (SELECT 1 FROM stories WHERE live_run = ?1)`,
      )
      .bind(runId),
    db.prepare('SELECT uuid, key FROM galleries WHERE live_run = ?1 ORDER BY id').bind(runId),
    db.prepare('SELECT revision FROM content_revision WHERE id = 1'),
  ];
}

/** What the gallery statements answered: the galleries this run released, and the revision after the batch. */
export function toGalleryRelease(results: readonly D1Result[]): { galleries: ReleasedGallery[]; revision: number | null } {
  const [, , released, revision] = results;
  return { galleries: rowsOf<ReleasedGallery>(released), revision: rowsOf<{ revision: number }>(revision)[0]?.revision ?? null };
}
