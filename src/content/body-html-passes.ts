/**
 * Passes over a rendered body's HTML tree: stable heading ids, table cells the way screen readers
 * and our stylesheet want them, and the plain text and sections search reads.
 */
import GithubSlugger from 'github-slugger';
import type { Element, Root as HastRoot } from 'hast';
import { toText } from 'hast-util-to-text';
import { visit } from 'unist-util-visit';
import type { StorySection } from '#src/domain/story';

/** Text the page adds around the story's own (player notices, credits, link hosts). */
const PAGE_TEXT_CLASSES = new Set(['video-notice', 'video-play-icon', 'image-credit', 'link-card-host']);

/**
 * The body without the page's own words, for search and sections: searching "cookies" must not
 * find every story with a video, nor a newsroom's name every story with a photo.
 */
export function withoutPageText(tree: HastRoot): HastRoot {
  const copy = structuredClone(tree);
  visit(copy, 'element', (node: Element, index, parent) => {
    const classes = node.properties?.className;
    if (parent && index !== undefined && Array.isArray(classes) && classes.some((name) => PAGE_TEXT_CLASSES.has(String(name)))) {
      parent.children.splice(index, 1);
      return index;
    }
    return undefined;
  });
  return copy;
}

/** GFM table alignment arrives as the obsolete `align` attribute: carried as a class instead. */
export function alignmentToClasses(tree: HastRoot): void {
  visit(tree, 'element', (node: Element) => {
    if ((node.tagName === 'th' || node.tagName === 'td') && typeof node.properties?.align === 'string') {
      node.properties = { ...node.properties, className: [`align-${node.properties.align}`] };
      delete node.properties.align;
    }
  });
}

/** Gives h2-h4 stable ids `header-<slug>`, unique within the body. */
export function addHeadingIds(tree: HastRoot): void {
  const slugger = new GithubSlugger();
  visit(tree, 'element', (node: Element) => {
    if (!/^h[2-4]$/.test(node.tagName)) return;
    node.properties = { ...node.properties, id: `header-${slugger.slug(toText(node)) || 'section'}` };
  });
}

/**
 * Heading-level sections for search: the text before the first heading, then one section per
 * h2/h3 with the heading's id, so a search hit can deep-link to its section.
 */
export function collectSections(tree: HastRoot): StorySection[] {
  const sections: StorySection[] = [{ id: '', title: '', text: '' }];
  for (const node of tree.children) {
    if (node.type === 'element' && /^h[23]$/.test(node.tagName)) {
      sections.push({ id: String(node.properties?.id ?? ''), title: toText(node).trim(), text: '' });
      continue;
    }
    const current = sections[sections.length - 1]!;
    const text = node.type === 'element' ? toText(node, { whitespace: 'normal' }) : node.type === 'text' ? node.value : '';
    (current as { text: string }).text = `${current.text} ${text}`.replace(/\s+/g, ' ').trim();
  }
  return sections.filter((section) => section.title !== '' || section.text !== '');
}

/**
 * GFM table headers are the first row: each names its column (`scope="col"`), which screen
 * readers use once a row's first cell is no header. An empty top-left header cell
 * (`| | 2025 | 2024 |`, common in figures tables) heads nothing, so it becomes a plain cell.
 */
export function emptyHeaderCellsToData(tree: HastRoot): void {
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'th') return;
    if (toText(node).trim() === '') node.tagName = 'td';
    else node.properties = { ...node.properties, scope: 'col' };
  });
}
