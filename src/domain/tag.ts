/**
 * Tags: free text a story lists in its own language. A tag is one tag whatever its letter case
 * ("Solar" and "solar" relate two stories), so its identity is its lower-cased text: the import
 * stores that form in `story_tags`, and a tag's page lives at `[/{locale}]/tag/{tag}` with that
 * form percent-encoded as one path segment (src/i18n/urls.ts), so the address reads back to the
 * tag exactly (docs/decisions/0021-tag-pages.md).
 */

/** The form a tag is stored, matched and addressed in. */
export function normalizeTag(tag: string): string {
  return tag.toLowerCase();
}

/**
 * Can this tag be a path segment? "." and ".." cannot: browsers and URL parsers resolve them (and
 * their percent-encoded forms) away, so such a tag has no page and is shown without a link.
 */
export function hasTagPage(tag: string): boolean {
  const normalized = normalizeTag(tag);
  return normalized !== '.' && normalized !== '..';
}

/** A story's tags as shown: each tag once (the first spelling the story uses), in its order. */
export function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const normalized = normalizeTag(tag);
    if (seen.has(normalized)) return false;
    seen.add(normalized);
    return true;
  });
}
