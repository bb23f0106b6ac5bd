/**
 * The SQL of galleries' secret links outside requests (src/domain/gallery-link.ts): what the
 * import writes about them in its transaction, and what `npm run share -- --gallery` reads and
 * rotates. Statements are plain data, run on local D1 or, as a script, on the remote database
 * (like import-statements.ts and story-links.ts).
 *
 * A gallery keeps its link across imports (a link in a journalist's inbox goes on working); a
 * gallery the import removes loses it in the same transaction, so a later gallery with the same
 * uuid never inherits it; and a released gallery taken back before its release time (its
 * `published_at` moved ahead) gets a new one, since its old link may have travelled while it
 * only redirected to the public address.
 */
import type { ContentBundle } from '#src/domain/content-bundle';
import type { SqlStatement } from './sql-statement';

/** A gallery's secret link: the token and its SHA-256 (src/domain/gallery-link.ts newGalleryLink). */
export interface NewGalleryLink {
  readonly token: string;
  readonly tokenHash: string;
}

type BundleGalleries = ContentBundle['galleries'];

/**
 * Runs before the import deletes the galleries it replaces: drops the links of galleries that D1
 * holds as released and the bundle holds as unreleased (the insert that follows gives them new ones).
 */
export function dropLinksOfGalleriesTakenBack(galleries: BundleGalleries): SqlStatement {
  return {
    sql: `DELETE FROM gallery_links WHERE gallery_uuid IN (SELECT value FROM json_each(?1))
          AND gallery_uuid IN (SELECT uuid FROM galleries WHERE is_public = 1)`,
    params: [JSON.stringify(galleries.filter((gallery) => !gallery.is_public).map((gallery) => gallery.uuid))],
  };
}

/**
 * Runs after the galleries are written: a link for each gallery without one (the import CLI
 * makes random ones; the test seed fixed ones), and none left for a gallery that is gone.
 */
export function galleryLinkStatements(galleries: BundleGalleries, importedAt: number, links: ReadonlyMap<string, NewGalleryLink>): SqlStatement[] {
  return [
    ...galleries.map((gallery): SqlStatement => {
      const link = links.get(gallery.uuid);
      if (!link) throw new Error(`No secret link was made for gallery ${gallery.uuid}`);
      return {
        sql: 'INSERT INTO gallery_links (gallery_uuid, token, token_hash, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (gallery_uuid) DO NOTHING',
        params: [gallery.uuid, link.token, link.tokenHash, importedAt],
      };
    }),
    { sql: 'DELETE FROM gallery_links WHERE gallery_uuid NOT IN (SELECT uuid FROM galleries)', params: [] },
  ];
}

/** The gallery with this key (its file name) and its link (a SharedGallery, src/domain/press-desk-ports.ts). */
export function sharedGalleryQuery(key: string): SqlStatement {
  return {
    sql: 'SELECT g.uuid, g.key, g.published_at, g.is_public, l.token FROM galleries g LEFT JOIN gallery_links l ON l.gallery_uuid = g.uuid WHERE g.key = ?1',
    params: [key],
  };
}

/** Gives a gallery a new link (or its first): the old token stops working at once. */
export function replaceGalleryLinkStatement(galleryUuid: string, link: NewGalleryLink, now: number): SqlStatement {
  return {
    sql: `INSERT INTO gallery_links (gallery_uuid, token, token_hash, created_at) VALUES (?1, ?2, ?3, ?4)
          ON CONFLICT (gallery_uuid) DO UPDATE SET token = excluded.token, token_hash = excluded.token_hash, rotated_at = ?4`,
    params: [galleryUuid, link.token, link.tokenHash, now],
  };
}

/** The newsroom's default language, whose addresses have no prefix (a shared gallery's link has none). */
export const DEFAULT_LANGUAGE_QUERY: SqlStatement = { sql: 'SELECT code FROM languages ORDER BY is_default DESC, position LIMIT 1', params: [] };
