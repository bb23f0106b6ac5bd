/**
 * The language versions of a story, found by any of their slugs: readership's points name a slug
 * (src/domain/readership.ts), and the office view and `npm run readership` show the whole story.
 * Read when the counts are read, never on a visitor's request.
 */
import type { StoryVersion, StoryVersionLookup } from '#src/domain/readership';
import type { StatementRunner } from './sql-statement';

export class D1StoryVersions implements StoryVersionLookup {
  constructor(private readonly runner: Pick<StatementRunner, 'query'>) {}

  versionsOf(slug: string): Promise<StoryVersion[]> {
    return this.runner.query<StoryVersion>({
      sql: `SELECT slug, locale, title FROM stories
            WHERE translation_group = (SELECT translation_group FROM stories WHERE slug = ?1)
            ORDER BY locale, slug`,
      params: [slug],
    });
  }
}
