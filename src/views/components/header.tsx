/** The site header: logo, navigation (wide bar or dropdown, and the narrow menu), search and languages. */
import { NAVIGATION_BAR_CATEGORIES } from '#src/domain/category';
import { UploadedImage } from '#src/domain/media/index';
import type { StoredImagePayload } from '#src/domain/media-payload';
import { DEFAULT_THEME } from '#src/domain/theme';
import { toBcp47 } from '#src/i18n/locales';
import { useTranslator } from '../contexts';
import { SearchBoxIsland, type SearchBoxProps } from '../island';
import type { LayoutModel, NavigationItem } from '#src/pages/model';
import { ResponsiveImage } from './image';

/**
 * On narrow screens a compact bar (logo, search, language, menu button) with the navigation in a
 * disclosure that needs no JavaScript; on wide screens the categories in a bar (the first few,
 * the rest under "More") or in one dropdown, as newsroom.yaml chooses. The stylesheet shows one
 * of the two navigations, so a reader meets each link once.
 */
export function Header({ layout }: { layout: LayoutModel }) {
  const { t } = useTranslator();
  const name = layout.company?.name ?? layout.newsroom.display_name;
  const { navigation } = layout;
  const allItems = [...navigation.categories, ...(navigation.media ? [navigation.media] : [])];
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <a className="site-logo" href={layout.homeHref} aria-label={`${name}, ${t('site.home')}`}>
          {layout.newsroom.newsroom_logo ? (
            <HeaderLogo logo={layout.newsroom.newsroom_logo} height={layout.newsroom.theme?.logo_height ?? DEFAULT_THEME.logo_height} mediaRoot={layout.mediaRoot} alt={name} />
          ) : (
            <span className="site-logo-text">{name}</span>
          )}
        </a>
        {allItems.length > 0 ? <WideNavigation navigation={navigation} /> : null}
        <HeaderSearch layout={layout} />
        <LanguageSwitcher layout={layout} />
        {allItems.length > 0 ? (
          <details className="site-menu">
            <summary>
              <span className="site-menu-icon" aria-hidden="true" />
              {t('site.menu')}
            </summary>
            {/* Labelled apart from the wide bar's navigation: landmarks need distinct names, even hidden ones. */}
            <nav className="site-menu-panel" aria-label={t('site.menu')}>
              <NavigationList items={allItems} />
            </nav>
          </details>
        ) : null}
      </div>
    </header>
  );
}

/** The search form; as an island it adds quick results while the visitor types. */
function HeaderSearch({ layout }: { layout: LayoutModel }) {
  const { t, template, locale } = useTranslator();
  const props: SearchBoxProps = {
    id: 'header-search-query',
    action: layout.searchAction,
    localeCode: locale,
    bcp47: toBcp47(locale),
    labels: {
      label: t('search.label'),
      submit: t('search.submit'),
      results: t('search.quick_results'),
      searching: t('search.searching'),
      noResults: template('search.no_quick_results'),
      failed: t('search.failed'),
      showAll: t('search.show_all_results'),
      resultsCount: template('search.results_count'),
    },
  };
  return <SearchBoxIsland {...props} />;
}

/** The logo at the theme's height: its width follows, so its sources are never upscaled. */
function HeaderLogo({ logo, height, mediaRoot, alt }: { logo: StoredImagePayload; height: number; mediaRoot: string; alt: string }) {
  const model = UploadedImage.fromJSON(logo, { cdn: mediaRoot });
  const width = Math.max(1, Math.round((height * model.width) / model.height));
  return <ResponsiveImage image={logo} mediaRoot={mediaRoot} width={width} sizes={`${width}px`} alt={alt} eager />;
}

function WideNavigation({ navigation }: { navigation: LayoutModel['navigation'] }) {
  const { t } = useTranslator();
  const media = navigation.media ? [navigation.media] : [];
  if (navigation.layout === 'dropdown') {
    return (
      <nav className="site-nav" aria-label={t('site.main_navigation')}>
        <ul>
          {navigation.categories.length > 0 ? <NavigationDropdown label={t('site.main_navigation')} items={navigation.categories} /> : null}
          <NavigationItems items={media} />
        </ul>
      </nav>
    );
  }
  const shown = navigation.categories.slice(0, NAVIGATION_BAR_CATEGORIES);
  const more = navigation.categories.slice(NAVIGATION_BAR_CATEGORIES);
  return (
    <nav className="site-nav" aria-label={t('site.main_navigation')}>
      <ul>
        <NavigationItems items={shown} />
        {more.length > 0 ? <NavigationDropdown label={t('site.more')} items={more} /> : null}
        <NavigationItems items={media} />
      </ul>
    </nav>
  );
}

/** Links folded under one summary (the whole navigation, or "More"): a disclosure, no script. */
function NavigationDropdown({ label, items }: { label: string; items: readonly NavigationItem[] }) {
  return (
    <li className="nav-dropdown">
      <details>
        <summary aria-current={items.some((item) => item.isCurrent) ? 'true' : undefined}>{label}</summary>
        <NavigationList items={items} />
      </details>
    </li>
  );
}

function NavigationList({ items }: { items: readonly NavigationItem[] }) {
  return (
    <ul>
      <NavigationItems items={items} />
    </ul>
  );
}

function NavigationItems({ items }: { items: readonly NavigationItem[] }) {
  return (
    <>
      {items.map((item) => (
        <li key={item.href}>
          <a href={item.href} aria-current={item.isCurrent ? 'page' : undefined}>
            {item.name}
          </a>
        </li>
      ))}
    </>
  );
}

function LanguageSwitcher({ layout }: { layout: LayoutModel }) {
  const { t } = useTranslator();
  if (layout.languages.length < 2) return null;
  const current = layout.languages.find((language) => language.isCurrent);
  return (
    <nav className="language-switcher" aria-label={t('site.language_switcher')}>
      <details>
        <summary>
          <span className="visually-hidden">{t('site.current_language', { language: current?.name ?? '' })}</span>
          <span aria-hidden="true">{current?.code.toUpperCase()}</span>
        </summary>
        <ul>
          {layout.languages.map((language) => (
            <li key={language.code}>
              <a href={language.href} hrefLang={language.code} lang={language.code} aria-current={language.isCurrent ? 'true' : undefined}>
                {language.name}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
