/**
 * Galleries: the list page, one gallery with its items, and every listed gallery with its items
 * for sitemaps. Only released, non-empty galleries are listed or shown (PUBLIC_GALLERY, written
 * literally as the partial index galleries_public of migrations/0017_gallery_release.sql is, so
 * SQLite picks it). An unreleased gallery is read only through its secret link, and for the
 * secret page of a story that shows it (src/domain/gallery-link.ts).
 */
import type { Gallery } from '#src/domain/gallery';
import type { GalleryPage, SharedGallery, UnreleasedGalleryLink } from '#src/domain/ports';
import { pageOffset } from '#src/domain/paging';
import { toGallery, toGallerySummary, type GalleryItemRow, type GalleryRow } from './rows';
import { rowsOf, totalOf, type StatementSource } from './read-sql';

const GALLERY_COLUMNS = 'g.uuid, g.title, g.description, g.published_at, g.thumbnail_image, g.images_number, g.videos_number';

/** A gallery visitors may see: released, and not empty. */
export const PUBLIC_GALLERY = 'g.is_public = 1 AND g.images_number + g.videos_number > 0';

export function allGalleriesStatements(db: StatementSource): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT g.id, ${GALLERY_COLUMNS} FROM galleries g WHERE ${PUBLIC_GALLERY} ORDER BY g.published_at DESC, g.id DESC`),
    db.prepare(
      `SELECT i.gallery_id, i.kind, i.payload FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id
       WHERE ${PUBLIC_GALLERY} ORDER BY i.gallery_id, i.position`,
    ),
  ];
}

export function toAllGalleries([galleries, items]: D1Result[]): Gallery[] {
  const itemsByGallery = new Map<number, GalleryItemRow[]>();
  for (const item of rowsOf<GalleryItemRow & { gallery_id: number }>(items)) {
    itemsByGallery.set(item.gallery_id, [...(itemsByGallery.get(item.gallery_id) ?? []), item]);
  }
  return rowsOf<GalleryRow & { id: number }>(galleries).map((row) => toGallery(row, itemsByGallery.get(row.id) ?? []));
}

export function galleryListStatements(db: StatementSource, page: number, pageSize: number): D1PreparedStatement[] {
  return [
    db
      .prepare(`SELECT ${GALLERY_COLUMNS} FROM galleries g WHERE ${PUBLIC_GALLERY} ORDER BY g.published_at DESC, g.id DESC LIMIT ?1 OFFSET ?2`)
      .bind(pageSize, pageOffset(page, pageSize)),
    db.prepare(`SELECT count(*) AS total FROM galleries g WHERE ${PUBLIC_GALLERY}`),
  ];
}

export function toGalleryPage([list, total]: D1Result[]): GalleryPage {
  return { galleries: rowsOf<GalleryRow>(list).map(toGallerySummary), total: totalOf(total) };
}

/** A released gallery (empty or not: callers decide) with its items. */
export function galleryStatements(db: StatementSource, uuid: string): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT ${GALLERY_COLUMNS} FROM galleries g WHERE g.uuid = ?1 AND g.is_public = 1`).bind(uuid),
    db
      .prepare('SELECT i.kind, i.payload FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id WHERE g.uuid = ?1 AND g.is_public = 1 ORDER BY i.position')
      .bind(uuid),
  ];
}

export function toGalleryWithItems([gallery, items]: D1Result[]): Gallery | null {
  const row = rowsOf<GalleryRow>(gallery)[0];
  return row ? toGallery(row, rowsOf<GalleryItemRow>(items)) : null;
}

/** The gallery behind a secret link (released or not), found by the token's SHA-256. */
export function sharedGalleryStatements(db: StatementSource, tokenHash: string): D1PreparedStatement[] {
  return [
    db
      .prepare(`SELECT ${GALLERY_COLUMNS}, g.is_public, l.token AS link_token FROM gallery_links l JOIN galleries g ON g.uuid = l.gallery_uuid WHERE l.token_hash = ?1`)
      .bind(tokenHash),
    db
      .prepare(
        `SELECT i.kind, i.payload FROM gallery_links l JOIN galleries g ON g.uuid = l.gallery_uuid JOIN gallery_items i ON i.gallery_id = g.id
         WHERE l.token_hash = ?1 ORDER BY i.position`,
      )
      .bind(tokenHash),
  ];
}

export function toSharedGallery([gallery, items]: D1Result[]): SharedGallery | null {
  const row = rowsOf<GalleryRow & { is_public: number; link_token: string }>(gallery)[0];
  if (!row) return null;
  return { gallery: toGallery(row, rowsOf<GalleryItemRow>(items)), token: row.link_token, isReleased: row.is_public === 1 };
}

/** Every unreleased gallery with its secret link (few: the probe index galleries_due holds them). */
export function unreleasedGalleryLinksStatement(db: StatementSource): D1PreparedStatement {
  return db.prepare('SELECT g.uuid, l.token FROM galleries g JOIN gallery_links l ON l.gallery_uuid = g.uuid WHERE g.is_public = 0 ORDER BY g.id');
}

export function toUnreleasedGalleryLinks(result: D1Result | undefined): UnreleasedGalleryLink[] {
  return rowsOf<UnreleasedGalleryLink>(result);
}
