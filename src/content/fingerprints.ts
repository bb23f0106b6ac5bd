/**
 * Fingerprints of what public pages show, one per thing (a story, a gallery, the newsroom, a
 * language, a company page, a policy, a category, a contact), stored by the import beside the
 * content. The import compares the public things before and after it in its transaction: one that
 * is gone or whose fingerprint changed makes the import a withdrawal, after which the page cache
 * never serves a copy rendered before it (docs/decisions/0037-states-and-story-identity.md). Only
 * additions are not withdrawals.
 *
 * A fingerprint leaves out what changes without the thing changing: a story's or a gallery's state
 * (the clock releases them; whether they are public is compared separately) and the counts of public stories
 * (they grow as stories are added; a story taken away is a withdrawal of its own).
 */
import { createHash } from 'node:crypto';
import type { ContentBundle, ContentFingerprint } from '#src/domain/content-bundle';

type Unfingerprinted = Omit<ContentBundle, 'hash' | 'fingerprints'>;

/** The SHA-256 of content as JSON, leaving out where files lie on this machine: the bundle's hash and each fingerprint. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value, (key, inner) => (key === 'absolutePath' ? undefined : inner))).digest('hex');
}

export function contentFingerprints(bundle: Unfingerprinted): ContentFingerprint[] {
  const entry = (key: string, value: unknown): ContentFingerprint => ({ key, fingerprint: contentHash(value) });
  return [
    entry('newsroom', bundle.newsroom),
    ...bundle.languages.map(({ public_stories_count: _count, ...language }) => entry(`language:${language.code}`, language)),
    ...bundle.companies.map((company) => entry(`company:${company.locale}`, company)),
    ...bundle.policies.map((policy) => entry(`policy:${policy.kind}:${policy.locale}`, policy)),
    ...bundle.categories.map((category) =>
      entry(`category:${category.key}`, {
        ...category,
        i18n: Object.fromEntries(Object.entries(category.i18n).map(([locale, { public_stories_count: _count, ...translation }]) => [locale, translation])),
      }),
    ),
    ...bundle.contacts.map((contact) => entry(`contact:${contact.key}`, contact)),
    ...bundle.galleries.map(({ is_public: _released, ...gallery }) => entry(`gallery:${gallery.uuid}`, gallery)),
    ...bundle.stories.map(({ status: _status, visibility: _visibility, is_public: _public, ...story }) => entry(`story:${story.uuid}`, story)),
  ];
}
