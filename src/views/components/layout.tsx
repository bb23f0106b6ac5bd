/** Header, footer and the company boilerplate around every newsroom page. */
import type { ReactNode } from 'react';
import { SOCIAL_NETWORKS, type CompanyInformation } from '#src/domain/newsroom';
import { toBcp47 } from '#src/i18n/locales';
import { useAnalytics, useTranslator } from '../contexts';
import { SearchBoxIsland, type SearchBoxProps } from '../island';
import { NAVIGATION_BAR_CATEGORIES } from '#src/domain/category';
import { UploadedImage } from '#src/domain/media/index';
import type { StoredImagePayload } from '#src/domain/media-payload';
import { DEFAULT_THEME } from '#src/domain/theme';
import type { LayoutModel, NavigationItem } from '../page-model';
import { ResponsiveImage } from './image';
import { displayPhone, telHref } from '../phone';
import { Honeypot } from './honeypot';
import { Notifications } from './notifications';
import { SubscribeDisclaimer } from './subscribe-disclaimer';

const NETWORK_NAMES: Readonly<Record<(typeof SOCIAL_NETWORKS)[number], string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  tiktok: 'TikTok',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
};

export function Layout(props: { layout: LayoutModel; children: ReactNode }) {
  const { t } = useTranslator();
  const asksConsent = useAsksConsent();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('site.skip_to_content')}
      </a>
      <Notifications notifications={props.layout.notifications} />
      <Header layout={props.layout} />
      <main id="main" className="main">
        {props.children}
      </main>
      <Footer layout={props.layout} />
      {asksConsent ? <ConsentBar policyLinks={props.layout.policyLinks} /> : null}
    </>
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

/**
 * Whether the page asks for cookie consent at all: not when the newsroom's tracking is disabled
 * and no consent tool of its own is on, because then nothing on the page would set a cookie.
 */
function useAsksConsent(): boolean {
  const analytics = useAnalytics();
  return analytics.isEnabled || analytics.newsroom.onetrust_cookie_consent.is_enabled;
}

/**
 * Asks for consent to analytics cookies. Rendered hidden and fixed to the viewport's bottom: the
 * browser code shows it while consent is unknown, without moving anything on the page.
 */
function ConsentBar({ policyLinks }: { policyLinks: LayoutModel['policyLinks'] }) {
  const { t } = useTranslator();
  // The cookie policy, else the privacy policy (which then covers cookies), named as what it is.
  const policy = policyLinks.cookie ? { href: policyLinks.cookie, label: t('consent.policy_link') } : policyLinks.privacy ? { href: policyLinks.privacy, label: t('consent.privacy_link') } : null;
  return (
    <section className="consent-bar" aria-label={t('consent.label')} data-consent-bar hidden>
      <div className="container consent-bar-inner">
        <p className="consent-bar-text">
          {t('consent.text')}
          {policy ? (
            <>
              {' '}
              <a href={policy.href}>{policy.label}</a>
            </>
          ) : null}
        </p>
        <div className="consent-bar-actions">
          <button type="button" className="button" data-consent="accept">
            {t('consent.accept')}
          </button>
          <button type="button" className="button button-secondary" data-consent="reject">
            {t('consent.reject')}
          </button>
        </div>
      </div>
    </section>
  );
}

/**
 * On narrow screens a compact bar (logo, search, language, menu button) with the navigation in a
 * disclosure that needs no JavaScript; on wide screens the categories in a bar (the first few,
 * the rest under "More") or in one dropdown, as newsroom.yaml chooses. The stylesheet shows one
 * of the two navigations, so a reader meets each link once.
 */
function Header({ layout }: { layout: LayoutModel }) {
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
    const current = navigation.categories.some((item) => item.isCurrent);
    return (
      <nav className="site-nav" aria-label={t('site.main_navigation')}>
        <ul>
          {navigation.categories.length > 0 ? (
            <li className="nav-dropdown">
              <details>
                <summary aria-current={current ? 'true' : undefined}>{t('site.main_navigation')}</summary>
                <NavigationList items={navigation.categories} />
              </details>
            </li>
          ) : null}
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
        {more.length > 0 ? (
          <li className="nav-dropdown">
            <details>
              <summary aria-current={more.some((item) => item.isCurrent) ? 'true' : undefined}>{t('site.more')}</summary>
              <NavigationList items={more} />
            </details>
          </li>
        ) : null}
        <NavigationItems items={media} />
      </ul>
    </nav>
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

function Footer({ layout }: { layout: LayoutModel }) {
  const { t } = useTranslator();
  const asksConsent = useAsksConsent();
  const company = layout.company;
  const name = company?.name ?? layout.newsroom.display_name;
  const socials = SOCIAL_NETWORKS.flatMap((network) => {
    const href = company?.social[network];
    return href ? [{ network, href }] : [];
  });
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        {socials.length > 0 ? (
          <div className="social-links">
            <h2 className="footer-heading">{t('footer.follow_us')}</h2>
            <ul>
              {socials.map(({ network, href }) => (
                <li key={network}>
                  <a href={href} rel="me noopener" aria-label={t('footer.social_link', { name, network: NETWORK_NAMES[network] })}>
                    {NETWORK_NAMES[network]}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <form className="footer-subscribe" method="post" action={layout.privacyLinks.subscribe} data-island="subscribe-form">
          <h2 className="footer-heading">{t('footer.subscribe_title')}</h2>
          <label htmlFor="footer-subscribe-email" className="visually-hidden">
            {t('subscribe.email_label')}
          </label>
          <input id="footer-subscribe-email" name="email" type="email" autoComplete="email" required placeholder={t('subscribe.email_label')} />
          <Honeypot idPrefix="footer-subscribe" />
          <button type="submit" className="button">
            {t('subscribe.submit')}
          </button>
          <SubscribeDisclaimer privacyPolicyHref={layout.policyLinks.privacy} />
        </form>
        <ul className="privacy-links">
          <li>
            <a href={layout.privacyLinks.dataRequest}>{t('footer.privacy_requests')}</a>
          </li>
          <li>
            <a href={layout.privacyLinks.subscribe}>{t('footer.manage_subscription')}</a>
          </li>
          {layout.policyLinks.privacy ? (
            <li>
              <a href={layout.policyLinks.privacy}>{t('policy.privacy')}</a>
            </li>
          ) : null}
          {layout.policyLinks.cookie ? (
            <li>
              <a href={layout.policyLinks.cookie}>{t('policy.cookie')}</a>
            </li>
          ) : null}
          {/* Shown by the browser code: without JavaScript nothing tracks, so there is nothing to toggle. */}
          {asksConsent ? (
            <li data-consent-toggle-item hidden>
              <button type="button" className="link-button" data-consent-toggle>
                {t('consent.start_using')}
              </button>
            </li>
          ) : null}
        </ul>
        <p className="copyright">{t('footer.copyright', { year: new Date().getUTCFullYear(), name })}</p>
      </div>
    </footer>
  );
}

/** "About {company}": the boilerplate every page ends with. */
export function Boilerplate({ company }: { company: CompanyInformation | null }) {
  const { t } = useTranslator();
  if (!company || (!company.about && !company.address && !company.email && !company.phone)) return null;
  return (
    <section className="boilerplate container" aria-labelledby="boilerplate-title">
      <h2 id="boilerplate-title">{t('boilerplate.about', { name: company.name })}</h2>
      {company.about ? <div className="boilerplate-about" dangerouslySetInnerHTML={{ __html: company.about }} /> : null}
      <dl className="boilerplate-details">
        {company.address ? (
          <>
            <dt>{t('boilerplate.address')}</dt>
            <dd>{company.address}</dd>
          </>
        ) : null}
        {company.email ? (
          <>
            <dt>{t('contacts.email')}</dt>
            <dd>
              <a href={`mailto:${company.email}`}>{company.email}</a>
            </dd>
          </>
        ) : null}
        {company.phone ? (
          <>
            <dt>{t('contacts.phone')}</dt>
            <dd>
              <a href={telHref(company.phone)}>{displayPhone(company.phone)}</a>
            </dd>
          </>
        ) : null}
        {company.website ? (
          <>
            <dt>{t('contacts.website')}</dt>
            <dd>
              <a href={company.website}>{company.website.replace(/^https?:\/\//, '')}</a>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
