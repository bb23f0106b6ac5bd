/**
 * Story bodies: Markdown (GFM) with directives → sanitized HTML, plain text and sections.
 *
 * The pipeline is remark → directives expanded into HTML elements → rehype → heading ids →
 * sanitize → stringify. Raw HTML in the source never survives (remark-rehype drops it and the
 * sanitizer would remove it anyway), so a body cannot carry a script, an event handler or a
 * `javascript:` link whatever its author wrote. Directives are expanded *before* sanitizing, so
 * what they produce is held to the same allowlist.
 */
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import { toText } from 'hast-util-to-text';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import type { StorySection } from '#src/domain/story';
import type { BodyContext } from './body-context';
import { addHeadingIds, alignmentToClasses, collectSections, emptyHeaderCellsToData, withoutPageText } from './body-html-passes';
import { expandDirectives } from './directives';

export interface RenderedBody {
  readonly html: string;
  readonly text: string;
  readonly sections: StorySection[];
}

const SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  // Keep our own ids as written (`header-…`); the default prefixing exists for user-generated
  // ids on pages that also hold app ids, and our heading ids are generated, not user input.
  clobberPrefix: '',
  clobber: [],
  tagNames: [...(defaultSchema.tagNames ?? []), 'figure', 'figcaption', 'aside', 'video', 'source'],
  attributes: {
    ...defaultSchema.attributes,
    '*': [...(defaultSchema.attributes?.['*'] ?? []).filter((name) => name !== 'id'), 'className'],
    div: ['role'],
    figure: ['id', 'dataPlayer', 'dataVideoId'],
    figcaption: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    img: ['src', 'alt', 'title', 'width', 'height', 'srcSet', 'sizes', 'loading', 'decoding'],
    a: ['id', 'href', 'title', 'rel', 'download', 'dataLightbox', 'ariaDescribedBy'],
    video: ['autoPlay', 'muted', 'loop', 'playsInline', 'poster', 'width', 'height', 'ariaLabel'],
    source: ['src', 'type'],
    th: [...(defaultSchema.attributes?.th ?? []), ['scope', 'col', 'row']],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'] },
};

/** Renders a story body. Problems go to `context.problem`; the result is still usable HTML. */
export function renderStoryBody(markdown: string, context: BodyContext): RenderedBody {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(() => (tree: MdastRoot) => expandDirectives(tree, context))
    .use(remarkRehype)
    .use(() => (tree: HastRoot) => addHeadingIds(tree))
    .use(() => (tree: HastRoot) => alignmentToClasses(tree))
    .use(() => (tree: HastRoot) => emptyHeaderCellsToData(tree))
    .use(rehypeSanitize, SANITIZE_SCHEMA)
    .use(() => (tree: HastRoot) => {
      const readable = withoutPageText(tree);
      sections = collectSections(readable);
      text = toText(readable, { whitespace: 'normal' }).replace(/\s+/g, ' ').trim();
    })
    .use(rehypeStringify);
  let sections: StorySection[] = [];
  let text = '';
  const html = String(processor.processSync(markdown));
  return { html, text, sections };
}

/** Renders short Markdown (company "about") to sanitized HTML and its plain text. */
export function renderPlainMarkdown(markdown: string): { html: string; text: string } {
  let text = '';
  const html = String(
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkRehype)
      .use(rehypeSanitize, SANITIZE_SCHEMA)
      .use(() => (tree: HastRoot) => {
        text = toText(tree, { whitespace: 'normal' }).replace(/\s+/g, ' ').trim();
      })
      .use(rehypeStringify)
      .processSync(markdown),
  );
  return { html, text };
}
