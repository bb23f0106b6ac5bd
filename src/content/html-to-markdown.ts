/**
 * A story body as Markdown, made once at import from the body HTML the story page shows (so
 * directives, galleries, attachments and contacts read the same in both), through the unified
 * syntax trees: HTML → hast → mdast → Markdown with GFM tables. Never regular expressions over
 * markup. Our own page furniture is first reshaped into plain content: an image is its original
 * file, decorative images go, a video is a link to it, a card's parts are separated in words.
 *
 * Site paths become absolute on the newsroom's origin (Markdown is read away from the site);
 * media keep the body's placeholder root, which the worker replaces with its media root as it
 * does in the HTML (src/domain/media/payload-addresses.ts resolveBodyMedia).
 */
import type { Element, ElementContent, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toMdast } from 'hast-util-to-mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { toMarkdown } from 'mdast-util-to-markdown';
import { visit, SKIP } from 'unist-util-visit';

export interface MarkdownAddresses {
  /** The newsroom's origin: site paths become absolute on it. */
  readonly origin: string;
  /** The root of media addresses in the body, kept as it is for the worker to replace. */
  readonly mediaRoot: string;
}

export function bodyToMarkdown(html: string, addresses: MarkdownAddresses): string {
  const tree = fromHtml(html, { fragment: true });
  reshape(tree, addresses);
  return toMarkdown(toMdast(tree), {
    extensions: [gfmToMarkdown()],
    // `[name](mailto:…)`, never `<name@host>`: the Markdown holds no angle brackets that look like tags.
    resourceLink: true,
    bullet: '-',
    emphasis: '_',
    rule: '-',
  }).trim();
}

function reshape(tree: Root, addresses: MarkdownAddresses): void {
  visit(tree, 'element', (node, index, parent) => {
    if (!parent || index === undefined) return;
    const classes = classList(node);
    // Furniture for eyes only: play marks, the players' cookie notice, decorative thumbnails.
    if (classes.includes('video-play-icon') || classes.includes('video-notice') || (node.tagName === 'img' && !node.properties.alt)) {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    // A link the sanitiser emptied (a `javascript:` address): its words, no link.
    if (node.tagName === 'a' && node.properties.href === undefined && node.properties.dataLightbox === undefined) {
      parent.children.splice(index, 1, ...node.children);
      return [SKIP, index];
    }
    // A lightbox link around an image: the image itself, at its original address.
    if (node.tagName === 'a' && node.properties.dataLightbox !== undefined) {
      const image = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'img');
      if (image) {
        parent.children[index] = { ...image, properties: { ...image.properties, src: node.properties.href, srcSet: undefined, sizes: undefined } };
        return SKIP;
      }
    }
    // Card parts that sit side by side on the page need words between them in text.
    if (classes.includes('attachment-meta') || classes.includes('story-gallery-count')) wrap(node, ' (', ')');
    if (classes.includes('link-card-host')) wrap(node, ' – ', '');
    for (const attribute of ['href', 'src'] as const) {
      const value = node.properties[attribute];
      if (typeof value === 'string') node.properties[attribute] = absolute(value, addresses);
    }
    return undefined;
  });
}

function classList(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

function wrap(node: Element, before: string, after: string): void {
  const text = (value: string): ElementContent => ({ type: 'text', value });
  node.children = [text(before), ...node.children, ...(after ? [text(after)] : [])];
}

/** Site paths on the origin; media, fragments and other schemes as they are. */
function absolute(address: string, { origin, mediaRoot }: MarkdownAddresses): string {
  if (!address.startsWith('/') || address.startsWith('//') || address.startsWith(`${mediaRoot}/`)) return address;
  return `${origin.replace(/\/$/, '')}${address}`;
}
