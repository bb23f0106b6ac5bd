/** Categories: one entity, a name/slug/description per locale (docs/spec-coverage.md section 3). */
import type { StoredImagePayload } from './media-payload';

export interface CategoryTranslation {
  readonly name: string;
  readonly slug: string;
  readonly description: string;
}

export interface Category {
  readonly id: number;
  readonly key: string;
  /** Translations by locale code; a category may lack some languages. */
  readonly i18n: Readonly<Record<string, CategoryTranslation>>;
  /** Public stories per locale, counted at import time. */
  readonly public_stories_count: Readonly<Record<string, number>>;
  /** Shown as a tile on the homepage when the newsroom shows featured categories. */
  readonly is_featured: boolean;
  readonly image: StoredImagePayload | null;
}

/** The name shown for a category in a locale: its translation, else its key. */
export function categoryDisplayName(category: Category, locale: string): string {
  return category.i18n[locale]?.name ?? category.key;
}

/** Categories listed in a language's navigation: translated and holding public stories there. */
export function categoriesForLocale(categories: readonly Category[], locale: string): Category[] {
  return categories.filter((category) => category.i18n[locale] && (category.public_stories_count[locale] ?? 0) > 0);
}

/** The homepage's featured category tiles: featured, translated and with public stories there. */
export function featuredCategories(categories: readonly Category[], locale: string): Category[] {
  return categoriesForLocale(categories, locale).filter((category) => category.is_featured);
}

/**
 * How many categories the wide header's bar shows before the rest go under "More": three long
 * names ("Corporate & finance"), "More" and the media gallery still fit one line beside the
 * logo, search and language at 1100 px (test/e2e/layout.test.mjs measures it).
 */
export const NAVIGATION_BAR_CATEGORIES = 3;
