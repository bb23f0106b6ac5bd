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

/** Releases every due gallery, stamping it with the run's id (one of the go-live batch's statements). */
export function releaseGalleriesStatement(db: D1Database, runId: string, now: number): D1PreparedStatement {
  return db.prepare('UPDATE galleries SET is_public = 1, live_run = ?1 WHERE is_public = 0 AND published_at <= ?2').bind(runId, now);
}

/** The galleries this run released. */
export function releasedGalleriesQuery(db: D1Database, runId: string): D1PreparedStatement {
  return db.prepare('SELECT uuid, key FROM galleries WHERE live_run = ?1 ORDER BY id').bind(runId);
}

export function toReleasedGalleries(result: D1Result | undefined): ReleasedGallery[] {
  return rowsOf<ReleasedGallery>(result);
}
