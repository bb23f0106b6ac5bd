/**
 * Galleries: the list page, one gallery with its items, and every non-empty gallery with its
 * items for sitemaps. Empty galleries (no image, no video) are never listed.
 */
import type { Gallery } from '#src/domain/gallery';
import type { GalleryPage } from '#src/domain/ports';
import { pageOffset } from '#src/domain/paging';
import { toGallery, toGallerySummary, type GalleryItemRow, type GalleryRow } from './rows';
import { rowsOf, totalOf, type StatementSource } from './read-sql';

const GALLERY_COLUMNS = 'g.uuid, g.title, g.description, g.published_at, g.thumbnail_image, g.images_number, g.videos_number';

export function allGalleriesStatements(db: StatementSource): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT g.id, ${GALLERY_COLUMNS} FROM galleries g WHERE g.images_number + g.videos_number > 0 ORDER BY g.published_at DESC, g.id DESC`),
    db.prepare(
      `SELECT i.gallery_id, i.kind, i.payload FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id
       WHERE g.images_number + g.videos_number > 0 ORDER BY i.gallery_id, i.position`,
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
      .prepare(
        `SELECT ${GALLERY_COLUMNS} FROM galleries g WHERE g.images_number + g.videos_number > 0
         ORDER BY g.published_at DESC, g.id DESC LIMIT ?1 OFFSET ?2`,
      )
      .bind(pageSize, pageOffset(page, pageSize)),
    db.prepare('SELECT count(*) AS total FROM galleries g WHERE g.images_number + g.videos_number > 0'),
  ];
}

export function toGalleryPage([list, total]: D1Result[]): GalleryPage {
  return { galleries: rowsOf<GalleryRow>(list).map(toGallerySummary), total: totalOf(total) };
}

export function galleryStatements(db: StatementSource, uuid: string): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT ${GALLERY_COLUMNS} FROM galleries g WHERE g.uuid = ?1`).bind(uuid),
    db
      .prepare('SELECT i.kind, i.payload FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id WHERE g.uuid = ?1 ORDER BY i.position')
      .bind(uuid),
  ];
}

export function toGalleryWithItems([gallery, items]: D1Result[]): Gallery | null {
  const row = rowsOf<GalleryRow>(gallery)[0];
  return row ? toGallery(row, rowsOf<GalleryItemRow>(items)) : null;
}
