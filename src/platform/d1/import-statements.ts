/**
 * Turns a validated ContentBundle into the SQL that replaces the newsroom's content in D1.
 *
 * The statements are plain data ({sql, params}) so the same list runs as one D1 `batch()` (a
 * single transaction: all or nothing) locally, or as one SQL file remotely. Visitors' rows
 * (subscribers) are never touched. The content revision is bumped in the same transaction, so a
 * page cached before the import can never be served after it.
 *
 * Tables that outlive imports: `story_links` (a story keeps its secret link while it exists; new
 * stories get the link handed in; a removed story's link is deleted and its uuid retired, so no
 * later story inherits either: docs/decisions/0037-states-and-story-identity.md), `gallery_links`
 * (likewise for galleries: ./gallery-links.ts) and `publish_events` (a story that is news and
 * public for the first time is recorded for the next cron run to announce, once: see
 * docs/decisions/0015-scheduled-publishing.md).
 */
import type { ContentBundle } from '#src/domain/content-bundle';
import { NEWS_WINDOW_SECONDS } from '#src/domain/publishing';
import { normalizeTag } from '#src/domain/tag';
import { dropLinksOfGalleriesTakenBack, galleryLinkStatements, type NewGalleryLink } from './gallery-links';
import type { SqlStatement, SqlValue } from './sql-statement';

export type { SqlStatement, SqlValue } from './sql-statement';

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));
const flag = (value: boolean): number => (value ? 1 : 0);

/** Tables the import owns, children first so foreign keys never dangle mid-transaction. */
const CONTENT_TABLES = [
  'public_fingerprints',
  'story_tags',
  'story_categories',
  'stories',
  'category_i18n',
  'categories',
  'gallery_items',
  'galleries',
  'contact_locales',
  'contacts',
  'policy_pages',
  'company_information',
  'languages',
  'newsroom',
  'media',
];

/** A secret link for a story that has none yet: the token and its SHA-256 (src/domain/story-link.ts). */
export interface NewStoryLink {
  readonly token: string;
  readonly tokenHash: string;
}

/**
 * @param links a fresh link per story uuid; only stories without a link keep theirs (the import
 *   CLI makes random ones; the test seed fixed ones, to stay byte-identical).
 * @param galleryLinks the same per gallery uuid (src/domain/gallery-link.ts newGalleryLink).
 */
export function replaceContentStatements(
  bundle: ContentBundle,
  importedAt: number,
  links: ReadonlyMap<string, NewStoryLink>,
  galleryLinks: ReadonlyMap<string, NewGalleryLink>,
): SqlStatement[] {
  const statements: SqlStatement[] = [];
  const add = (sql: string, params: SqlValue[]) => statements.push({ sql, params });
  // What was public before, and every other story: compared with the content after, for
  // withdrawals, retired uuids and links of stories leaving the public.
  add('DELETE FROM import_previous', []);
  add(
    `INSERT INTO import_previous (key, fingerprint, public)
       SELECT 'story:' || uuid, fingerprint, status = 'published' AND visibility = 'public' FROM stories
       UNION ALL SELECT 'gallery:' || uuid, fingerprint, is_public FROM galleries
       UNION ALL SELECT key, fingerprint, 1 FROM public_fingerprints`,
    [],
  );
  // Galleries released before and not now: their links go before the rows that say so do.
  statements.push(dropLinksOfGalleriesTakenBack(bundle.galleries));
  for (const table of CONTENT_TABLES) add(`DELETE FROM ${table}`, []);
  const n = bundle.newsroom;
  const fingerprints = new Map(bundle.fingerprints.map((entry) => [entry.key, entry.fingerprint]));
  const fingerprintOf = (key: string): string => {
    const fingerprint = fingerprints.get(key);
    if (fingerprint === undefined) throw new Error(`The content bundle has no fingerprint for ${key}`);
    return fingerprint;
  };
  for (const entry of bundle.fingerprints) {
    if (!entry.key.startsWith('story:') && !entry.key.startsWith('gallery:')) add('INSERT INTO public_fingerprints (key, fingerprint) VALUES (?, ?)', [entry.key, entry.fingerprint]);
  }

  add(
    `INSERT INTO newsroom (id, uuid, url, display_name, is_indexable, is_plausible_enabled, plausible_site_id, tracking_policy,
       segment_analytics_id, google_analytics_id, google_search_console_key, theme_color, timezone, onetrust_cookie_consent,
       newsroom_logo, icon, square_logo, thumbnail, notify_subscribers, navigation_layout, show_featured_categories)
     VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      n.uuid, n.url, n.display_name, flag(n.is_indexable), flag(n.is_plausible_enabled), n.plausible_site_id ?? null,
      n.tracking_policy, n.segment_analytics_id ?? null, n.google_analytics_id ?? null, n.google_search_console_key ?? null,
      n.theme_color ?? null, n.timezone, json(n.onetrust_cookie_consent), json(n.newsroom_logo), json(n.icon), json(n.square_logo), json(n.thumbnail),
      flag(n.notify_subscribers), n.navigation, flag(n.show_featured_categories),
    ],
  );
  // The theme (migration 0011) as its own statement: the same transaction, the row above.
  add('UPDATE newsroom SET theme = ? WHERE id = 1', [json(n.theme)]);
  // Content signals (migration 0012), likewise.
  add('UPDATE newsroom SET content_signals = ? WHERE id = 1', [json(n.content_signals)]);
  bundle.languages.forEach((language, position) =>
    add('INSERT INTO languages (code, is_default, position, public_stories_count) VALUES (?, ?, ?, ?)', [
      language.code, flag(language.is_default), position, language.public_stories_count,
    ]),
  );
  for (const c of bundle.companies) {
    add(
      `INSERT INTO company_information (locale, name, about_html, about_plaintext, address, phone, email, website, social, seo_settings, custom_data_request_link,
         notifications, privacy_policy_url, cookie_policy_url)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        c.locale, c.name, c.about_html, c.about_plaintext, c.address, c.phone, c.email, c.website, json(c.social), json(c.seo_settings), c.custom_data_request_link,
        json(c.notifications), c.privacy_policy_url, c.cookie_policy_url,
      ],
    );
  }
  for (const policy of bundle.policies) {
    add('INSERT INTO policy_pages (kind, locale, title, body_html, updated_at) VALUES (?, ?, ?, ?, ?)', [policy.kind, policy.locale, policy.title, policy.body_html, policy.updated_at]);
  }

  const categoryIds = new Map<string, number>();
  bundle.categories.forEach((category, index) => {
    const id = index + 1;
    categoryIds.set(category.key, id);
    add('INSERT INTO categories (id, key, position, is_featured, image) VALUES (?, ?, ?, ?, ?)', [id, category.key, index, flag(category.featured), json(category.image)]);
    for (const [locale, t] of Object.entries(category.i18n)) {
      add('INSERT INTO category_i18n (category_id, locale, name, slug, description, public_stories_count) VALUES (?, ?, ?, ?, ?, ?)', [
        id, locale, t.name, t.slug, t.description, t.public_stories_count,
      ]);
    }
  });

  bundle.contacts.forEach((contact, index) => {
    const id = index + 1;
    add('INSERT INTO contacts (id, key, position, name, description, company, email, phone, mobile, website, avatar, responsible_for) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      id, contact.key, index, contact.name, contact.description, contact.company, contact.email, contact.phone, contact.mobile, contact.website, json(contact.avatar),
      contact.responsible_for ? JSON.stringify(contact.responsible_for) : '',
    ]);
    for (const locale of contact.locales) add('INSERT INTO contact_locales (contact_id, locale) VALUES (?, ?)', [id, locale]);
  });

  bundle.galleries.forEach((gallery, index) => {
    const id = index + 1;
    add(
      `INSERT INTO galleries (id, uuid, key, title, description, published_at, is_public, thumbnail_image, images_number, videos_number, fingerprint)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id, gallery.uuid, gallery.key, gallery.title, gallery.description, gallery.published_at, flag(gallery.is_public), json(gallery.thumbnail_image),
        gallery.images.length, gallery.videos.length, fingerprintOf(`gallery:${gallery.uuid}`),
      ],
    );
    let position = 0;
    for (const image of gallery.images) add('INSERT INTO gallery_items (gallery_id, position, kind, uuid, payload) VALUES (?, ?, ?, ?, ?)', [id, position++, 'image', image.uuid, json(image)]);
    for (const video of gallery.videos) add('INSERT INTO gallery_items (gallery_id, position, kind, uuid, payload) VALUES (?, ?, ?, ?, ?)', [id, position++, 'video', video.url, json(video)]);
  });
  statements.push(...galleryLinkStatements(bundle.galleries, importedAt, galleryLinks));

  bundle.stories.forEach((story, index) => {
    const id = index + 1;
    add(
      `INSERT INTO stories (id, uuid, translation_group, locale, slug, title, subtitle, summary, status, visibility, published_at, updated_at,
         author_name, author_email, cover, is_pinned, seo_settings, tags, body_html, body_text, sections, notify, media_files, contact_keys, body_markdown, fingerprint)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id, story.uuid, story.translation_group, story.locale, story.slug, story.title, story.subtitle, story.summary, story.status, story.visibility,
        story.published_at, story.updated_at, story.author_name, story.author_email, json(story.cover), flag(story.is_pinned), json(story.seo_settings),
        json(story.tags), story.body_html, story.body_text, json(story.sections), flag(story.notify), json(story.media_files), json(story.contact_keys),
        story.body_markdown, fingerprintOf(`story:${story.uuid}`),
      ],
    );
    const link = links.get(story.uuid);
    if (!link) throw new Error(`No secret link was made for story ${story.uuid}`);
    // A story keeps its link, except one that leaves the public: its old link may have gone
    // anywhere while it only led to the public page, so it gets a new one.
    add(
      story.is_public
        ? 'INSERT INTO story_links (story_uuid, token, token_hash, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (story_uuid) DO NOTHING'
        : `INSERT INTO story_links (story_uuid, token, token_hash, created_at) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (story_uuid) DO UPDATE SET token = excluded.token, token_hash = excluded.token_hash, rotated_at = excluded.created_at
           WHERE EXISTS (SELECT 1 FROM import_previous p WHERE p.key = 'story:' || excluded.story_uuid AND p.public = 1)`,
      [story.uuid, link.token, link.tokenHash, importedAt],
    );
    // A tag is matched case-insensitively: "Solar" and "solar" relate two stories.
    for (const tag of new Set(story.tags.map(normalizeTag))) {
      add('INSERT INTO story_tags (story_id, tag, locale, published_at, is_public) VALUES (?, ?, ?, ?, ?)', [id, tag, story.locale, story.published_at, flag(story.is_public)]);
    }
    story.category_keys.forEach((key, position) =>
      add('INSERT INTO story_categories (story_id, category_id, position, locale, published_at, is_public) VALUES (?, ?, ?, ?, ?, ?)', [
        id, categoryIds.get(key)!, position, story.locale, story.published_at, flag(story.is_public),
      ]),
    );
  });

  for (const file of bundle.media) {
    add('INSERT INTO media (uuid, source_path, sha256, payload) VALUES (?, ?, ?, ?)', [file.payload.uuid, file.path, file.sha256, json(file.payload)]);
  }

  // Stories public and news for the first time (new, released by this import, or made public by
  // an edit) are recorded for the cron to announce; one already announced is not again.
  add(
    `INSERT INTO publish_events (story_uuid, source, live_at, alerts, created_at)
     SELECT s.uuid, 'import', ?1, s.notify * n.notify_subscribers, ?1 FROM stories s, newsroom n
     WHERE s.status = 'published' AND s.visibility = 'public' AND s.published_at >= ?2
     ON CONFLICT (story_uuid) DO NOTHING`,
    [importedAt, importedAt - NEWS_WINDOW_SECONDS],
  );

  // External-content FTS index: rebuilt from the stories just written, in the same transaction.
  add(`INSERT INTO story_search (story_search) VALUES ('rebuild')`, []);
  add(
    `INSERT INTO content_revision (id, revision, content_hash, imported_at) VALUES (1, 1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET revision = revision + 1, content_hash = excluded.content_hash, imported_at = excluded.imported_at`,
    [bundle.hash, importedAt],
  );
  // A removed story's uuid is retired and its link deleted: no later story can take either.
  add(
    `INSERT OR IGNORE INTO retired_stories (uuid, retired_at)
       SELECT substr(p.key, 7), ?1 FROM import_previous p WHERE p.key LIKE 'story:%' AND NOT EXISTS (SELECT 1 FROM stories s WHERE s.uuid = substr(p.key, 7))`,
    [importedAt],
  );
  add('DELETE FROM story_links WHERE story_uuid NOT IN (SELECT uuid FROM stories)', []);
  // Its recipients' links and their opening records go with it.
  add('DELETE FROM recipient_links WHERE story_uuid NOT IN (SELECT uuid FROM stories)', []);
  // An import that took away or changed anything public (a story, a gallery, a policy, a
  // category, a company page, a language…) is a withdrawal: no copy rendered before it is served
  // again (src/page-cache/page-cache.ts). Only additions are not.
  add(
    `UPDATE content_revision SET last_withdrawal = revision WHERE id = 1 AND EXISTS (
       SELECT 1 FROM import_previous p WHERE p.public = 1 AND NOT CASE
         WHEN p.key LIKE 'story:%' THEN EXISTS (SELECT 1 FROM stories s WHERE s.uuid = substr(p.key, 7) AND s.fingerprint = p.fingerprint AND s.status = 'published' AND s.visibility = 'public')
         WHEN p.key LIKE 'gallery:%' THEN EXISTS (SELECT 1 FROM galleries g WHERE g.uuid = substr(p.key, 9) AND g.fingerprint = p.fingerprint AND g.is_public = 1)
         ELSE EXISTS (SELECT 1 FROM public_fingerprints f WHERE f.key = p.key AND f.fingerprint = p.fingerprint) END)`,
    [],
  );
  add('DELETE FROM import_previous', []);
  return statements;
}

/** The uuids of removed stories, which no story may take again (the import names the files that try). */
export const RETIRED_STORY_UUIDS_SQL = 'SELECT uuid FROM retired_stories';

/** The hash of the content D1 holds now, to skip an import that would change nothing. */
export const CURRENT_CONTENT_HASH_SQL = 'SELECT content_hash FROM content_revision WHERE id = 1';

/** The page cache's two pointers as D1 holds them: the revision and the last withdrawal's. */
export const CACHE_POINTERS_SQL = 'SELECT revision, last_withdrawal AS lastWithdrawal FROM content_revision WHERE id = 1';
export interface CachePointers {
  readonly revision: number;
  readonly lastWithdrawal: number;
}

/** Runs the statements as one D1 batch: one transaction, so a failure leaves D1 as it was. */
export async function runAtomically(db: D1Database, statements: readonly SqlStatement[]): Promise<void> {
  await db.batch(statements.map((statement) => db.prepare(statement.sql).bind(...statement.params)));
}

/** Renders statements as one SQL script (for `wrangler d1 execute --remote --file`). */
export function toSqlScript(statements: readonly SqlStatement[]): string {
  return statements.map((statement) => `${inlineParams(statement)};`).join('\n');
}

/**
 * The statement with its parameters written in, numbered the way SQLite numbers them: `?N` is
 * parameter N (and may repeat), a bare `?` is one more than the largest number used before it.
 */
export function inlineParams(statement: SqlStatement): string {
  let largest = 0;
  return statement.sql.replace(/\?(\d*)/g, (_match, digits: string) => {
    const number = digits ? Number(digits) : largest + 1;
    largest = Math.max(largest, number);
    const value = statement.params[number - 1];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number') return String(value);
    return `'${value.replace(/'/g, "''")}'`;
  });
}
