/**
 * Deep links (docs/spec-coverage.md section 2): a URL hash `{type}-{id}` clicks the matching element once the
 * page has loaded, so `#gallery-image-{uuid}` opens that image in the lightbox. Image types wait
 * 500 ms (the lightbox and the images need a moment); every other type is clicked at once.
 */
export const DELAYED_HASH_TYPES = ['gallery-image', 'image'] as const;
export const HASH_CLICK_DELAY_MS = 500;

const UUID_SUFFIX = /^(.+?)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const TYPE_AND_ID = /^([a-z]+)-(.+)$/i;

export interface HashTarget {
  /** The element id: the hash without `#`. */
  readonly elementId: string;
  readonly type: string;
  readonly id: string;
}

/** `#gallery-image-0275…` → type `gallery-image`; `#video-2` → type `video`; else null. */
export function parseHashTarget(hash: string): HashTarget | null {
  let elementId: string;
  try {
    elementId = decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return null;
  }
  const known = DELAYED_HASH_TYPES.find((type) => elementId.startsWith(`${type}-`) && elementId.length > type.length + 1);
  if (known) return { elementId, type: known, id: elementId.slice(known.length + 1) };
  const match = UUID_SUFFIX.exec(elementId) ?? TYPE_AND_ID.exec(elementId);
  return match ? { elementId, type: match[1]!, id: match[2]! } : null;
}

export function hashClickDelay(type: string): number {
  return (DELAYED_HASH_TYPES as readonly string[]).includes(type) ? HASH_CLICK_DELAY_MS : 0;
}

export function startHashClick(win: Window = window): void {
  const target = parseHashTarget(win.location.hash);
  if (!target) return;
  const click = () => win.document.getElementById(target.elementId)?.click();
  const delay = hashClickDelay(target.type);
  if (delay > 0) win.setTimeout(click, delay);
  else click();
}
