/**
 * The query parameters each page reads, by route, in one table: the page cache keys a page on
 * these and on nothing else (ADR 0034). Each entry turns a request's query into the canonical
 * values the route will act on, through the route's own schema, so two queries get one key
 * exactly when the route renders one page for them:
 *
 * - parameters the route does not read are dropped (`?utm_source=…`, `?page=` on a story or a
 *   feed, `?x=<random>`);
 * - a repeated parameter counts by its first value, as every route reads it (`firstValue` in
 *   src/http/validate.ts): `?page=2&page=x` is page 2;
 * - a value equal to the default is left out (`?page=1` is the list's first page, `?query=`);
 *   values the route trims or caps are keyed trimmed or capped;
 * - a query the route refuses (`?page=abc`, an oEmbed `url` of another site) yields null: the
 *   route answers 400/404 itself, and such answers are never stored.
 *
 * Routes are named by their pattern without its parameters' regular expressions and without the
 * locale prefix (`/:locale{…}/category/:slug` is `/category/:slug`). A route not listed reads no
 * query. Private pages (the privacy portal reads `?status=`) are never stored, so their query is
 * part of no key. Add a route here when it starts reading a parameter.
 */
import type * as z from 'zod/mini';
import { canonicalEmbedAddress, parseOembedRequest } from '#src/domain/oembed';
import { QuickSearchSchema } from '#src/routes/api';
import { OembedQuery } from '#src/routes/embed';
import { PageQuerySchema } from '#src/http/page-param';
import { SearchParamsSchema } from '#src/routes/search';

/** A request's query as Hono hands it to a route's validator: every value of every name. */
export type RequestQuery = Readonly<Record<string, readonly string[]>>;
/** The canonical values a route acts on (sorted into the key by the page cache), or null. */
export type CanonicalQuery = (query: RequestQuery) => Readonly<Record<string, string>> | null;

/** What `validate('query', …)` passes to a schema: one value as a string, repeats as a list. */
function validatorInput(query: RequestQuery): Record<string, string | readonly string[]> {
  return Object.fromEntries(Object.entries(query).map(([name, values]) => [name, values.length === 1 ? values[0]! : values]));
}

/** The output fields of `schema` that differ from its defaults (what it gives for no query at all). */
function fromSchema(schema: z.ZodMiniType): CanonicalQuery {
  let defaults: Record<string, unknown> | null = null;
  return (query) => {
    const parsed = schema.safeParse(validatorInput(query));
    if (!parsed.success) return null;
    defaults ??= (schema.safeParse({}).data ?? {}) as Record<string, unknown>;
    const canonical: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed.data as Record<string, unknown>)) {
      if (value !== undefined && value !== null && value !== defaults[name]) canonical[name] = String(value);
    }
    return canonical;
  };
}

/**
 * oEmbed: the page asked about, in its one spelling (canonicalEmbedAddress), and the bounds as the
 * answer uses them (parseOembedRequest: garbage ignored, widths past the thumbnail's read as
 * none). The only format is JSON, so it is no part of the key.
 */
const oembed: CanonicalQuery = (query) => {
  const parsed = OembedQuery.safeParse(validatorInput(query));
  if (!parsed.success) return null;
  const request = parseOembedRequest(parsed.data);
  const url = request.ok ? canonicalEmbedAddress(request.url) : null;
  if (!request.ok || url === null) return null;
  const { maxWidth, maxHeight } = request.bounds;
  return { url, ...(maxWidth === null ? {} : { maxwidth: String(maxWidth) }), ...(maxHeight === null ? {} : { maxheight: String(maxHeight) }) };
};

const pagedList = fromSchema(PageQuerySchema);

/** Routes that read a query, and how it is made canonical. */
export const DECLARED_QUERIES: ReadonlyMap<string, CanonicalQuery> = new Map([
  // Homepages, category, tag and media index pages (and the Markdown forms): `?page=N`.
  ['/', pagedList],
  ['/index.md', pagedList],
  ['/category/:slug', pagedList],
  ['/category/:file', pagedList],
  ['/tag/:tag', pagedList],
  ['/tag/:file', pagedList],
  ['/media', pagedList],
  // Search: query, category, year, month, page and the category finder's letters.
  ['/search', fromSchema(SearchParamsSchema)],
  // Quick results for the search box.
  ['/api/search', fromSchema(QuickSearchSchema)],
  ['/oembed', oembed],
]);
