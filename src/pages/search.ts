/**
 * Search `[/{locale}]/search?query=&category=&year=&month=&page=`: a server-rendered results page
 * with result count, facets (Category, Year, Month) whose links keep the other filters, highlighted
 * matches and load more. Works without JavaScript; the search box island adds quick results.
 * The page's model; its address's filters are read by src/routes/search.tsx.
 */
import type { Deps } from '#src/deps';
import type { SiteContext } from '#src/domain/ports';
import { DEFAULT_SEARCH_HITS_PER_PAGE } from '#src/domain/search';
import { CATEGORY_FACET_VALUES_SHOWN, normaliseSearchQuery, type FacetValue, type FacetValueHit, type SearchQuery, type SearchResultHit } from '#src/domain/search-query';
import { toBcp47 } from '#src/i18n/locales';
import { formatMessage, messagesFor } from '#src/i18n/translate';
import { urls, type SearchFilters, urlContextOf } from '#src/i18n/urls';
import { paginate } from '#src/domain/paging';
import type { LayoutModel } from './model';
import { buildLayout, pageTitle } from './layout';
import { dateTimeFormat } from '#src/i18n/intl';

export interface SearchParams {
  readonly query: string;
  readonly category: string | null;
  readonly year: number | null;
  readonly month: number | null;
  readonly page: number;
  /** Letters typed into the category facet's finder (facet-value search); '' when none. */
  readonly categoryQuery: string;
}

export function toSearchQuery(site: SiteContext, locale: string, params: Omit<SearchParams, 'categoryQuery'>, hitsPerPage = DEFAULT_SEARCH_HITS_PER_PAGE): SearchQuery {
  const category = params.category ? site.categories.find((candidate) => candidate.i18n[locale]?.slug === params.category) : null;
  return normaliseSearchQuery({
    text: params.query,
    locale,
    // An unknown category slug matches nothing rather than everything.
    categoryId: params.category ? (category?.id ?? -1) : null,
    year: params.year,
    month: params.month,
    page: params.page,
    hitsPerPage,
  });
}

export async function loadSearch(deps: Deps, site: SiteContext, locale: string, params: SearchParams): Promise<SearchPageModel> {
  const ctx = urlContextOf(site);
  const href = (filters: SearchFilters) => urls.search(ctx, locale, filters);
  const query = toSearchQuery(site, locale, params);
  const backend = deps.search(site.revision);
  // Asked beside the search, not after it: a slow engine costs its timeout once, not twice.
  const foundCategories = params.categoryQuery ? backend.searchFacetValues({ facet: 'categories', facetQuery: params.categoryQuery, query }) : null;
  // Unused when the results span few categories: its failure must not go unhandled then.
  foundCategories?.catch(() => undefined);
  const results = await backend.search(query);
  const paging = paginate({ page: params.page, pageSize: query.hitsPerPage, total: results.total });
  const messages = messagesFor(locale);
  const title = formatMessage(locale, messages, 'search.title');
  const monthName = dateTimeFormat(toBcp47(locale), { month: 'long', timeZone: 'UTC' });
  const filters = { query: params.query, category: params.category, year: params.year, month: params.month };
  const categoryFacet = await loadCategoryFacet({ site, locale, params, href, filters, distribution: results.facets.category, foundCategories });
  return {
    layout: buildLayout({
      site,
      config: deps.config,
      locale,
      path: href({ ...filters, page: params.page }),
      title: pageTitle(site, locale, params.query ? `${params.query} – ${title}` : title),
      description: '',
      pageTranslations: site.languages.map((language) => ({ code: language.code, href: urls.search(ctx, language.code) })),
      // Result pages are endless and thin: never indexed.
      indexable: false,
    }),
    action: urls.search(ctx, locale),
    query: params.query,
    hasQuery: query.text !== '',
    total: results.total,
    // A hit in a body section links straight to it (the section's `header-…` anchor).
    hits: results.hits.map((hit) => ({ ...hit, href: hit.sectionId ? `${urls.story(hit.slug)}#${encodeURIComponent(hit.sectionId)}` : urls.story(hit.slug) })),
    facets: [
      categoryFacet,
      {
        name: 'year' as const,
        values: results.facets.year.map((facet) => {
          const active = params.year === facet.value;
          return { label: String(facet.value), count: facet.count, active, href: href({ ...filters, year: active ? null : facet.value }) };
        }),
      },
      {
        name: 'month' as const,
        values: results.facets.month.map((facet) => {
          const active = params.month === facet.value;
          return {
            label: monthName.format(new Date(Date.UTC(2000, facet.value - 1, 1))),
            count: facet.count,
            active,
            href: href({ ...filters, month: active ? null : facet.value }),
          };
        }),
      },
    ],
    notice: results.fellBack ? formatMessage(locale, messages, 'search.fallback_notice') : null,
    clearFiltersHref: params.category || params.year || params.month ? href({ query: params.query }) : null,
    nextPageHref: paging.nextPage === null ? null : href({ ...filters, page: paging.nextPage }),
  };
}

interface CategoryFacetInput {
  readonly site: SiteContext;
  readonly locale: string;
  readonly params: SearchParams;
  readonly href: (filters: SearchFilters) => string;
  readonly filters: Omit<SearchParams, 'page' | 'categoryQuery'>;
  readonly distribution: readonly FacetValue[];
  /** The facet-value search for the typed letters, when some were typed. */
  readonly foundCategories: Promise<readonly FacetValueHit[]> | null;
}

/**
 * The category facet: its most frequent values (and the chosen one), and, when the results span
 * more categories than that, a finder whose typed letters go to the backend's facet-value search.
 */
async function loadCategoryFacet({ site, locale, params, href, filters, distribution, foundCategories }: CategoryFacetInput): Promise<SearchFacetModel> {
  const translationOf = (id: number) => site.categories.find((category) => category.id === id)?.i18n[locale];
  const value = (translation: { name: string; slug: string }, count: number, highlighted?: string) => {
    const active = params.category === translation.slug;
    return { label: translation.name, highlighted, count, active, href: href({ ...filters, category: active ? null : translation.slug }) };
  };
  const known = distribution.flatMap((facet) => {
    const translation = translationOf(facet.value);
    return translation ? [{ translation, count: facet.count }] : [];
  });
  if (known.length <= CATEGORY_FACET_VALUES_SHOWN) return { name: 'category', values: known.map(({ translation, count }) => value(translation, count)), finder: null };

  const finder = {
    query: params.categoryQuery,
    // The finder's form carries the other filters, so finding a category keeps the search.
    hidden: Object.entries({ query: params.query, category: params.category, year: params.year, month: params.month }).flatMap(([name, kept]) => (kept ? [{ name, value: String(kept) }] : [])),
    clearHref: params.categoryQuery ? href(filters) : null,
  };
  if (foundCategories) {
    const found = await foundCategories;
    const byName = new Map(site.categories.flatMap((category) => (category.i18n[locale] ? [[category.i18n[locale].name, category.i18n[locale]] as const] : [])));
    const values = found.flatMap((hit) => {
      const translation = byName.get(hit.value);
      return translation ? [value(translation, hit.count, hit.highlighted)] : [];
    });
    return { name: 'category', values, finder };
  }
  const shown = known.slice(0, CATEGORY_FACET_VALUES_SHOWN);
  const chosen = known.slice(CATEGORY_FACET_VALUES_SHOWN).find(({ translation }) => translation.slug === params.category);
  return { name: 'category', values: [...shown, ...(chosen ? [chosen] : [])].map(({ translation, count }) => value(translation, count)), finder };
}

export interface SearchFacetModel {
  readonly name: 'category' | 'year' | 'month';
  readonly values: readonly SearchFacetValueModel[];
  /** A form to find more values by name, when the facet has more than it lists; else null. */
  readonly finder?: SearchFacetFinderModel | null;
}

export interface SearchFacetValueModel {
  readonly label: string;
  /** The label with the finder's typed letters marked (highlight markers), when found by name. */
  readonly highlighted?: string | undefined;
  readonly count: number;
  readonly active: boolean;
  readonly href: string;
}

export interface SearchFacetFinderModel {
  /** What was typed; '' when the facet lists its most frequent values. */
  readonly query: string;
  /** The search's other filters, carried by the form. */
  readonly hidden: readonly { name: string; value: string }[];
  /** Back to the most frequent values, when something was typed. */
  readonly clearHref: string | null;
}

export interface SearchPageModel {
  readonly layout: LayoutModel;
  /** The search page address the form submits to. */
  readonly action: string;
  readonly query: string;
  readonly hasQuery: boolean;
  readonly total: number;
  readonly hits: readonly (SearchResultHit & { href: string })[];
  readonly facets: readonly SearchFacetModel[];
  readonly clearFiltersHref: string | null;
  readonly nextPageHref: string | null;
  /** Shown when the configured search engine failed and the built-in search answered. */
  readonly notice: string | null;
}
