import { describe, expect, test } from 'vitest';
import { categoriesForLocale, categoryDisplayName, type Category } from '#src/domain/category';
import { analyticsSiteDomains, companyFor, defaultLanguage, DEFAULT_TRACKING_POLICY, siteNameFor, type CompanyInformation } from '#src/domain/newsroom';
import { NewsroomFileSchema } from '#src/content/schema';

test('the default tracking policy is default', () => {
  expect(DEFAULT_TRACKING_POLICY).toBe('default');
});

test('a newsroom.yaml that names no tracking policy gets the default one', () => {
  const parsed = NewsroomFileSchema.parse({ uuid: '11111111-2222-4333-8444-555555555555', url: 'https://news.test.example', display_name: 'Test', languages: [{ code: 'en' }] });
  expect(parsed.tracking_policy).toBe(DEFAULT_TRACKING_POLICY);
});

test.each([
  [[{ code: 'en', is_default: false, public_stories_count: 0 }, { code: 'fr', is_default: true, public_stories_count: 0 }], 'fr'],
  [[{ code: 'nl', is_default: false, public_stories_count: 0 }, { code: 'fr', is_default: false, public_stories_count: 0 }], 'nl'],
])('the default language of %j is %s', (languages, expected) => {
  expect(defaultLanguage(languages).code).toBe(expected);
});

test('a newsroom without languages is an error', () => {
  expect(() => defaultLanguage([])).toThrow();
});

test.each([
  ['site.example', 'rollup.example', ['site.example', 'rollup.example']],
  [null, 'rollup.example', ['rollup.example']],
  ['site.example', null, ['site.example']],
])('analytics domains for site %s and roll-up %s', (plausible_site_id, rollup, expected) => {
  expect(analyticsSiteDomains({ plausible_site_id }, rollup)).toEqual(expected);
});

const category = (key: string, i18n: Category['i18n'], counts: Category['public_stories_count']): Category => ({ id: 1, key, i18n, public_stories_count: counts, is_featured: false, image: null });

test('navigation lists categories translated into the language and holding public stories there', () => {
  const energy = category('energy', { en: { name: 'Energy', slug: 'energy', description: '' }, fr: { name: 'Énergie', slug: 'energie', description: '' } }, { en: 3, fr: 0 });
  const people = category('people', { en: { name: 'People', slug: 'people', description: '' } }, { en: 1 });
  expect(categoriesForLocale([energy, people], 'en').map((c) => c.key)).toEqual(['energy', 'people']);
  expect(categoriesForLocale([energy, people], 'fr')).toEqual([]);
  expect(categoryDisplayName(energy, 'fr')).toBe('Énergie');
  expect(categoryDisplayName(people, 'fr')).toBe('people');
});

describe('the company and the name a page in a language shows', () => {
  const language = (code: string, isDefault = false) => ({ code, is_default: isDefault, public_stories_count: 0 });
  const company = (name: string) => ({ name }) as CompanyInformation;
  const site = (companies: Record<string, CompanyInformation>) => ({
    newsroom: { display_name: 'Northwind newsroom' },
    languages: [language('en'), language('fr', true), language('de')],
    companies,
  });

  test.each([
    ['its own language\'s company', { de: company('Northwind GmbH'), fr: company('Northwind SA') }, 'de', 'Northwind GmbH', 'Northwind GmbH'],
    ['else the default language\'s company', { fr: company('Northwind SA') }, 'de', 'Northwind SA', 'Northwind SA'],
    ['else none: the newsroom\'s display name', {}, 'de', null, 'Northwind newsroom'],
    ['the default language itself', { fr: company('Northwind SA'), en: company('Northwind Ltd') }, 'fr', 'Northwind SA', 'Northwind SA'],
  ])('%s', (_case, companies, locale, companyName, siteName) => {
    expect(companyFor(site(companies), locale)?.name ?? null).toBe(companyName);
    expect(siteNameFor(site(companies), locale)).toBe(siteName);
  });
});
