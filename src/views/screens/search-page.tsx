/** Search results: the form, "We found N results for …", facets, highlighted hits, load more. */
import { highlightParts, MAX_FACET_QUERY_LENGTH } from '#src/domain/search-query';
import { isoDate } from '#src/i18n/translate';
import { useTranslator } from '../contexts';
import { NewsroomPage } from '../components/newsroom-page';
import type { SearchFacetFinderModel, SearchPageModel } from '#src/pages/search';

export function SearchPage({ model }: { model: SearchPageModel }) {
  const { layout } = model;
  return (
    <NewsroomPage layout={layout}>
      <SearchContent model={model} />
    </NewsroomPage>
  );
}

/** Text with its matches wrapped in <mark>, built as elements: content is never parsed as HTML. */
function Highlighted({ text }: { text: string }) {
  return (
    <>
      {highlightParts(text).map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>))}
    </>
  );
}

/** Facet-value search without JavaScript: a small GET form that keeps the search's other filters. */
function FacetFinder({ finder, action, found }: { finder: SearchFacetFinderModel; action: string; found: number }) {
  const { t } = useTranslator();
  return (
    <>
      <form className="facet-finder" method="get" action={action}>
        {finder.hidden.map((field) => (
          <input key={field.name} type="hidden" name={field.name} value={field.value} />
        ))}
        <label htmlFor="category-query">{t('search.facet.find_category')}</label>
        <span className="facet-finder-row">
          <input id="category-query" name="category_query" type="search" defaultValue={finder.query} maxLength={MAX_FACET_QUERY_LENGTH} autoComplete="off" />
          <button type="submit" className="button">
            {t('search.facet.find')}
          </button>
        </span>
      </form>
      {finder.query && found === 0 ? <p role="status">{t('search.facet.no_match', { query: finder.query })}</p> : null}
      {finder.clearHref ? (
        <a href={finder.clearHref} rel="nofollow">
          {t('search.facet.all_categories')}
        </a>
      ) : null}
    </>
  );
}

function SearchContent({ model }: { model: SearchPageModel }) {
  const { t, date } = useTranslator();
  return (
    <section className="container search" aria-labelledby="search-title">
      <h1 id="search-title">{t('search.title')}</h1>
      <form className="search-form" method="get" action={model.action} role="search" aria-labelledby="search-title">
        <label htmlFor="search-query" className="visually-hidden">
          {t('search.label')}
        </label>
        <input id="search-query" name="query" type="search" defaultValue={model.query} placeholder={t('search.label')} maxLength={200} autoComplete="off" />
        <button type="submit" className="button">
          {t('search.submit')}
        </button>
      </form>
      {model.notice ? (
        <p className="notice notice-error" role="status">
          {model.notice}
        </p>
      ) : null}
      {model.hasQuery ? (
        <>
          <p className="search-summary" role="status">
            {t('search.results_for', { results: t('search.results_count', { count: model.total }), query: model.query })}
          </p>
          <div className="search-layout">
            <aside className="search-facets" aria-label={t('search.filters')}>
              {model.facets.map((facet) =>
                facet.values.length > 0 || facet.finder ? (
                  <section key={facet.name} className="search-facet">
                    <h2>{t(`search.facet.${facet.name}`)}</h2>
                    {facet.values.length > 0 ? (
                      <ul>
                        {facet.values.map((value) => (
                          <li key={value.href}>
                            <a href={value.href} aria-current={value.active ? 'true' : undefined} rel="nofollow">
                              {value.highlighted ? <Highlighted text={`${value.highlighted} `} /> : `${value.label} `}
                              <span className="facet-count">{`(${value.count})`}</span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                    {facet.finder ? <FacetFinder finder={facet.finder} action={model.action} found={facet.values.length} /> : null}
                  </section>
                ) : null,
              )}
              {model.clearFiltersHref ? (
                <a href={model.clearFiltersHref} rel="nofollow">
                  {t('search.clear_filters')}
                </a>
              ) : null}
            </aside>
            <div className="search-results">
              {model.hits.length === 0 ? <p>{t('search.no_results_hint')}</p> : null}
              <ol className="search-hits">
                {model.hits.map((hit) => (
                  <li key={hit.uuid} className="search-hit">
                    <h2 className="search-hit-title">
                      <a href={hit.href}>
                        <Highlighted text={hit.highlightedTitle} />
                      </a>
                    </h2>
                    <time dateTime={isoDate(hit.published_at)}>{date(hit.published_at)}</time>
                    {hit.snippet ? (
                      <p className="search-hit-snippet">
                        <Highlighted text={hit.snippet} />
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
              {model.nextPageHref ? (
                <nav className="pagination" aria-label={t('pagination.load_more')}>
                  <a className="button load-more" href={model.nextPageHref} rel="next nofollow" data-load-more="search">
                    {t('pagination.load_more')}
                  </a>
                </nav>
              ) : null}
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}
