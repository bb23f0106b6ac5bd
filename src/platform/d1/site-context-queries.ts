/**
 * The site context (src/domain/ports.ts SiteContext): the newsroom, its languages, companies,
 * categories, contacts, count of released galleries, policy pages and content revision, in one batch.
 */
import type { SiteContext } from '#src/domain/ports';
import type { PolicyKind } from '#src/domain/policy';
import { toCategories, toCompany, toContact, toLanguage, toNewsroom, type CategoryRow, type CompanyRow, type ContactRow, type LanguageRow, type NewsroomRow } from './rows';
import { rowsOf, totalOf, type StatementSource } from './read-sql';
import { PUBLIC_GALLERY } from './gallery-queries';

export function siteContextStatements(db: StatementSource): D1PreparedStatement[] {
  return [
    db.prepare('SELECT * FROM newsroom WHERE id = 1'),
    db.prepare('SELECT code, is_default, public_stories_count FROM languages ORDER BY position'),
    db.prepare('SELECT * FROM company_information'),
    db.prepare(
      `SELECT c.id, c.key, c.is_featured, c.image, ci.locale, ci.name, ci.slug, ci.description, ci.public_stories_count
       FROM categories c LEFT JOIN category_i18n ci ON ci.category_id = c.id ORDER BY c.position, ci.locale`,
    ),
    db.prepare('SELECT revision FROM content_revision WHERE id = 1'),
    db.prepare(`SELECT count(*) AS total FROM galleries g WHERE ${PUBLIC_GALLERY}`),
    db.prepare(
      `SELECT c.key, c.name, c.description, c.company, c.email, c.phone, c.mobile, c.website, c.avatar,
         (SELECT json_group_array(cl.locale) FROM contact_locales cl WHERE cl.contact_id = c.id) AS locales
       FROM contacts c ORDER BY c.position`,
    ),
    db.prepare('SELECT kind, locale FROM policy_pages ORDER BY kind, locale'),
  ];
}

/** Null when the newsroom has not been imported yet. */
export function toSiteContext([newsroom, languages, companies, categories, revision, galleries, contacts, policies]: D1Result[]): SiteContext | null {
  const newsroomRow = rowsOf<NewsroomRow>(newsroom)[0];
  const languageRows = rowsOf<LanguageRow>(languages);
  if (!newsroomRow || languageRows.length === 0) return null;
  return {
    newsroom: toNewsroom(newsroomRow),
    languages: languageRows.map(toLanguage),
    companies: Object.fromEntries(rowsOf<CompanyRow>(companies).map((row) => [row.locale, toCompany(row)])),
    categories: toCategories(rowsOf<CategoryRow>(categories)),
    galleries_count: totalOf(galleries),
    contacts: rowsOf<ContactRow>(contacts).map(toContact),
    policy_pages: rowsOf<{ kind: PolicyKind; locale: string }>(policies),
    revision: rowsOf<{ revision: number }>(revision)[0]?.revision ?? 0,
  };
}
