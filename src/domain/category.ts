/** Categories: one entity, a name/slug/description per locale (SPEC.md section 3). */
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
}

/** The name shown for a category in a locale: its translation, else its key. */
export function categoryDisplayName(category: Category, locale: string): string {
  return category.i18n[locale]?.name ?? category.key;
}

/** Categories listed in a language's navigation: translated and holding public stories there. */
export function categoriesForLocale(categories: readonly Category[], locale: string): Category[] {
  return categories.filter((category) => category.i18n[locale] && (category.public_stories_count[locale] ?? 0) > 0);
}
