/**
 * Search over D1 FTS5 (the `story_search` external-content index). Visitor text never reaches
 * FTS5 syntax: it is cut into words, each quoted as a phrase, the last one as a prefix, all
 * required. Results and facet counts come in one batch; only published, public stories of the
 * requested language are ever matched.
 */
import type { QueryStats, SearchBackend } from '#src/domain/ports';
import { guardD1 } from './guard';
import type { D1Queryable } from './sessions';
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  matchFacetValues,
  queryTerms,
  type FacetValue,
  type FacetValueHit,
  type FacetValueQuery,
  type SearchQuery,
  type SearchResultHit,
  type SearchResults,
} from '#src/domain/search-query';

const EMPTY: SearchResults = { hits: [], total: 0, facets: { category: [], year: [], month: [] } };

/**
 * The shortest last word matched as a prefix: a one-letter prefix (`a*`) would walk a large part
 * of the index for every query a stranger cares to send, so one letter matches itself only.
 */
export const MIN_PREFIX_LENGTH = 2;

/** `"solar" "farm"*`: phrases, so quotes, operators and column filters in the input are inert. */
export function toMatchExpression(text: string): string | null {
  const terms = queryTerms(text);
  if (terms.length === 0) return null;
  const isPrefix = (term: string, index: number) => index === terms.length - 1 && [...term].length >= MIN_PREFIX_LENGTH;
  return terms.map((term, index) => `"${term.replace(/"/g, '""')}"${isPrefix(term, index) ? '*' : ''}`).join(' ');
}

type Dimension = 'category' | 'year' | 'month';

export class D1SearchBackend implements SearchBackend {
  constructor(
    private readonly db: D1Queryable,
    /** Shared with the request's content repository, so Server-Timing counts search queries too. */
    private readonly stats: QueryStats = { roundTrips: 0, statements: 0 },
  ) {}

  async search(query: SearchQuery): Promise<SearchResults> {
    const scope = searchScope(query);
    if (!scope) return EMPTY;
    const { from, where, params } = scope;
    const statement = (sql: string, ...extra: unknown[]) => this.db.prepare(sql).bind(...params, ...extra);
    const statements = [
      statement(
        `SELECT s.uuid, s.slug, s.locale, s.title, s.published_at,
           highlight(story_search, 0, '${HIGHLIGHT_START}', '${HIGHLIGHT_END}') AS highlightedTitle,
           snippet(story_search, 3, '${HIGHLIGHT_START}', '${HIGHLIGHT_END}', '…', 24) AS snippet
         ${from} WHERE ${where(null)}
         ORDER BY bm25(story_search, 10.0, 5.0, 3.0, 1.0), s.published_at DESC LIMIT ?6 OFFSET ?7`,
        query.hitsPerPage,
        (query.page - 1) * query.hitsPerPage,
      ),
      statement(`SELECT count(*) AS n ${from} WHERE ${where(null)}`),
      statement(
        `SELECT sc.category_id AS value, count(*) AS count ${from} JOIN story_categories sc ON sc.story_id = s.id
         WHERE ${where('category')} GROUP BY sc.category_id ORDER BY count DESC, value`,
      ),
      statement(
        `SELECT CAST(strftime('%Y', s.published_at, 'unixepoch') AS INTEGER) AS value, count(*) AS count ${from}
         WHERE ${where('year')} GROUP BY value ORDER BY value DESC`,
      ),
      statement(
        `SELECT CAST(strftime('%m', s.published_at, 'unixepoch') AS INTEGER) AS value, count(*) AS count ${from}
         WHERE ${where('month')} GROUP BY value ORDER BY value`,
      ),
    ];
    this.stats.roundTrips += 1;
    this.stats.statements += statements.length;
    const [hits, total, categories, years, months] = await guardD1(() => this.db.batch(statements));
    return {
      hits: (hits!.results ?? []) as unknown as SearchResultHit[],
      total: ((total!.results ?? [])[0] as { n: number } | undefined)?.n ?? 0,
      facets: {
        category: (categories!.results ?? []) as unknown as FacetValue[],
        year: (years!.results ?? []) as unknown as FacetValue[],
        month: (months!.results ?? []) as unknown as FacetValue[],
      },
    };
  }

  /**
   * Every category of the query's results with its name in the query's language and its count
   * (the category filter left out, as in the facet), matched against the typed letters here:
   * categories are few, and SQLite's lower() folds ASCII only.
   */
  async searchFacetValues(input: FacetValueQuery): Promise<FacetValueHit[]> {
    const scope = searchScope(input.query);
    if (!scope || !input.facetQuery.trim()) return [];
    const { from, where, params } = scope;
    this.stats.roundTrips += 1;
    this.stats.statements += 1;
    const names = await guardD1(() =>
      this.db
        .prepare(
          `SELECT ci.name AS value, count(*) AS count ${from} JOIN story_categories sc ON sc.story_id = s.id
           JOIN category_i18n ci ON ci.category_id = sc.category_id AND ci.locale = ?2
           WHERE ${where('category')} GROUP BY ci.name`,
        )
        .bind(...params)
        .all<{ value: string; count: number }>(),
    );
    return matchFacetValues(names.results ?? [], input.facetQuery, input.query.locale);
  }
}

/**
 * What a query matches: the FTS join, its filters and their parameters, or null when the text
 * has no words. ?1 match, ?2 locale, ?3 category, ?4 year, ?5 month. A facet's own filter is left
 * out of its counts, so the visitor sees what choosing another value would give.
 */
function searchScope(query: SearchQuery): { from: string; where: (except: Dimension | null) => string; params: unknown[] } | null {
  const match = toMatchExpression(query.text);
  if (!match) return null;
  const where = (except: Dimension | null) =>
    [
      'story_search MATCH ?1',
      `s.status = 'published' AND s.visibility = 'public' AND s.locale = ?2`,
      // An excepted filter still names its parameter: every statement binds the same five.
      except === 'category' ? '(?3 IS NULL OR 1)' : '(?3 IS NULL OR EXISTS (SELECT 1 FROM story_categories sc WHERE sc.story_id = s.id AND sc.category_id = ?3))',
      except === 'year' ? '(?4 IS NULL OR 1)' : `(?4 IS NULL OR CAST(strftime('%Y', s.published_at, 'unixepoch') AS INTEGER) = ?4)`,
      except === 'month' ? '(?5 IS NULL OR 1)' : `(?5 IS NULL OR CAST(strftime('%m', s.published_at, 'unixepoch') AS INTEGER) = ?5)`,
    ].join(' AND ');
  // CROSS JOIN fixes the loop order: the FTS match outside, each matching story looked up by
  // rowid inside. With a plain JOIN, SQLite prefers to walk the public stories of the locale
  // (a partial index) and run the whole MATCH again for each of them: 48 s for one word at
  // 100,000 stories, against tens of milliseconds this way (bench/README.md).
  const from = 'FROM story_search CROSS JOIN stories s ON s.id = story_search.rowid';
  return { from, where, params: [match, query.locale, query.categoryId, query.year, query.month] };
}
