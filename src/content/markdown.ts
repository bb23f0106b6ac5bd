/**
 * Story bodies: Markdown (GFM) with directives → sanitized HTML, plain text and sections.
 *
 * The pipeline is remark → directives expanded into HTML elements → rehype → heading ids →
 * sanitize → stringify. Raw HTML in the source never survives (remark-rehype drops it and the
 * sanitizer would remove it anyway), so a body cannot carry a script, an event handler or a
 * `javascript:` link whatever its author wrote. Directives are expanded *before* sanitizing, so
 * what they produce is held to the same allowlist.
 */
import GithubSlugger from 'github-slugger';
import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { toText } from 'hast-util-to-text';
import type { Root as MdastRoot } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { StoredFilePayload, StoredImagePayload } from '#src/domain/media-payload';
import type { StorySection } from '#src/domain/story';
import { displayPhone, telHref } from '#src/domain/phone';
import { attachmentKind, type AttachmentKind } from '#src/domain/attachment';
import { displayHost, VIDEO_PROVIDERS, videoEmbedOf } from '#src/domain/video-embed';
import type { ImageRights, RightsInput } from '#src/domain/image-rights';

/** Responsive image attributes for one layout width. */
export interface ImageAttributes {
  readonly src: string;
  readonly srcSet: string;
  readonly sizes: string;
  readonly width: number;
  readonly height: number;
}

/** An animated GIF as video: poster and webm/mp4 sources from the CDN's conversion. */
export interface GifVideoAttributes {
  readonly poster: string;
  readonly sources: readonly { src: string; type: string }[];
  readonly width: number;
  readonly height: number;
}

/** What directives need from the rest of the import, so this module stays free of I/O. */
export interface BodyContext {
  /** The image at a media path; null when it cannot be used, after reporting why (once, by the caller's rules). */
  image(path: string): StoredImagePayload | null;
  /** The file at a media path; null when it cannot be used, after reporting why. */
  file(path: string): StoredFilePayload | null;
  gallery(key: string): { title: string; href: string; imagesLabel: string; thumbnails: StoredImagePayload[] } | null;
  /** A press contact, with the link to its vCard when it has one. */
  contact(key: string): { name: string; description: string; email: string | null; phone: string | null; vcard?: { href: string; label: string } } | null;
  imageAttributes(image: StoredImagePayload, layoutWidth: number, sizes: string): ImageAttributes;
  originalUrl(image: StoredImagePayload): string;
  downloadUrl(file: StoredFilePayload): string;
  gifVideo(image: StoredImagePayload): GifVideoAttributes;
  label: {
    download(name: string): string;
    /** "PDF · 1.2 MB": the attachment's type and size, in the story's language. */
    attachmentMeta(kind: AttachmentKind, bytes: number): string;
    watchVideo(title: string): string;
    /** The sentence under a player naming the host that pressing play loads it from. */
    videoNotice(host: string): string;
    /** "Photo: {credit}". */
    credit(credit: string): string;
    viewGallery(title: string): string;
  };
  /** An image's credit and licence from its directive's attributes, with the newsroom's defaults. */
  rights(own: RightsInput): ImageRights;
  /** Records a problem with the directive (e.g. an unknown media file); the import then fails. */
  problem(field: string, message: string): void;
}

export interface RenderedBody {
  readonly html: string;
  readonly text: string;
  readonly sections: StorySection[];
}

/** Width of the story column; body images are laid out at this width at most. */
const BODY_IMAGE_WIDTH = 800;
const BODY_IMAGE_SIZES = '(max-width: 840px) 100vw, 800px';
const CALLOUT_TYPES = new Set(['info', 'warning', 'success', 'note']);

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

type Directive = ContainerDirective | LeafDirective | TextDirective;

function expandDirectives(tree: MdastRoot, context: BodyContext): void {
  // Players number their notices (`video-notice-1`…) so each poster can point at its own.
  let players = 0;
  visit(tree, (node, index, parent) => {
    if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') return;
    const directive = node as Directive;
    // `:word` inside prose ("Note:important") parses as a text directive; we define none, so it
    // goes back to being the text the author wrote.
    if (directive.type === 'textDirective') {
      if (parent && index !== undefined) {
        const label = directive.children.map((child) => ('value' in child ? child.value : '')).join('');
        parent.children.splice(index, 1, { type: 'text', value: `:${directive.name}${label ? `[${label}]` : ''}` });
      }
      return;
    }
    const attributes = directive.attributes ?? {};
    const attr = (name: string) => attributes[name] ?? '';
    const replacement = expandDirective(directive, attr, context, () => ++players);
    const data = directive.data ?? (directive.data = {});
    if (!replacement) {
      data.hName = 'div';
      data.hChildren = [];
      return;
    }
    data.hName = replacement.tagName;
    data.hProperties = replacement.properties as Record<string, string>;
    if (directive.type === 'leafDirective' || replacement.children.length > 0) data.hChildren = replacement.children;
  });
}

/** Text the page adds around the story's own (player notices, credits, link hosts). */
const PAGE_TEXT_CLASSES = new Set(['video-notice', 'video-play-icon', 'image-credit', 'link-card-host']);

/**
 * The body without the page's own words, for search and sections: searching "cookies" must not
 * find every story with a video, nor a newsroom's name every story with a photo.
 */
function withoutPageText(tree: HastRoot): HastRoot {
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

function el(tagName: string, properties: Element['properties'], children: ElementContent[] = []): Element {
  return { type: 'element', tagName, properties, children };
}

function txt(value: string): ElementContent {
  return { type: 'text', value };
}

/** "Photo: Anna de Vries · CC BY 4.0", the licence linked to its deed when it has a known one. */
function creditLine(rights: ImageRights, context: BodyContext): Element | null {
  if (!rights.credit && !rights.licence) return null;
  const parts: ElementContent[] = rights.credit ? [txt(context.label.credit(rights.credit))] : [];
  if (rights.licence) {
    if (parts.length > 0) parts.push(txt(' · '));
    parts.push(rights.licenceUrl ? el('a', { href: rights.licenceUrl, rel: ['license'] }, [txt(rights.licence)]) : txt(rights.licence));
  }
  return el('span', { className: ['image-credit'] }, parts);
}

/** A lazily loaded responsive image. */
function imageElement(a: ImageAttributes, alt: string): Element {
  return el('img', { src: a.src, srcSet: a.srcSet, sizes: a.sizes, width: a.width, height: a.height, alt, loading: 'lazy', decoding: 'async' });
}

function expandDirective(directive: ContainerDirective | LeafDirective, attr: (name: string) => string, context: BodyContext, nextPlayer: () => number): Element | null {
  const where = `body: ::${directive.name}`;
  switch (directive.name) {
    case 'image': {
      const image = context.image(attr('src'));
      // The context has said why (missing, outside media/, not an image): one problem, not two.
      if (!image) return null;
      const caption = attr('caption');
      // An animated GIF plays as a muted looping video: a fraction of the bytes, the same motion.
      if (image.mime_type === 'image/gif') {
        const video = context.gifVideo(image);
        const width = Math.min(BODY_IMAGE_WIDTH, video.width);
        return el('figure', { className: ['story-image', 'story-gif'], id: `image-${image.uuid}` }, [
          el(
            'video',
            { autoPlay: true, muted: true, loop: true, playsInline: true, poster: video.poster, width, height: Math.round((video.height * width) / video.width), ariaLabel: attr('alt') || caption || undefined },
            video.sources.map((source) => el('source', { src: source.src, type: source.type })),
          ),
          ...(caption ? [el('figcaption', {}, [txt(caption)])] : []),
        ]);
      }
      const img = imageElement(context.imageAttributes(image, BODY_IMAGE_WIDTH, BODY_IMAGE_SIZES), attr('alt') || caption);
      const credit = creditLine(context.rights({ credit: attr('credit'), licence: attr('licence') }), context);
      // `image-{uuid}` lets a URL hash (#image-…) open this image (SPEC.md section 2).
      return el('figure', { className: ['story-image'], id: `image-${image.uuid}` }, [
        el('a', { href: context.originalUrl(image), dataLightbox: 'image' }, [img]),
        ...(caption || credit ? [el('figcaption', {}, [...(caption ? [el('span', { className: ['image-caption'] }, [txt(caption)])] : []), ...(caption && credit ? [txt(' ')] : []), ...(credit ? [credit] : [])])] : []),
      ]);
    }
    case 'gallery': {
      const gallery = context.gallery(attr('key'));
      if (!gallery) return context.problem(where, `gallery "${attr('key')}" not found in galleries/`), null;
      const thumbs = gallery.thumbnails.slice(0, 4).map((image) => imageElement(context.imageAttributes(image, 200, '200px'), ''));
      return el('div', { className: ['story-gallery'] }, [
        el('a', { href: gallery.href }, [
          el('span', { className: ['story-gallery-thumbs'] }, thumbs),
          el('span', { className: ['story-gallery-title'] }, [txt(context.label.viewGallery(gallery.title))]),
          txt(' '),
          el('span', { className: ['story-gallery-count'] }, [txt(gallery.imagesLabel)]),
        ]),
      ]);
    }
    case 'video':
    case 'embed': {
      const url = attr('url');
      if (!/^https?:\/\//.test(url)) return context.problem(where, `url must be an http(s) URL, got "${url}"`), null;
      const title = attr('title') || url;
      const thumbnail = attr('thumbnail') ? context.image(attr('thumbnail')) : null;
      const poster = thumbnail ? [imageElement(context.imageAttributes(thumbnail, BODY_IMAGE_WIDTH, BODY_IMAGE_SIZES), '')] : [];
      const video = videoEmbedOf(url);
      if (video) {
        // A poster and a link to the video; the page's script turns a press into the player. The
        // poster is described by the sentence naming the host, so a screen reader hears it too.
        const notice = `video-notice-${nextPlayer()}`;
        return el('figure', { className: ['video-player', `story-${directive.name}`], dataPlayer: video.provider, dataVideoId: video.id }, [
          el('a', { href: url, rel: ['noopener', 'noreferrer'], className: ['video-poster'], ariaDescribedBy: [notice] }, [
            ...poster,
            el('span', { className: ['video-play-icon'] }),
            el('span', { className: ['video-title'] }, [txt(context.label.watchVideo(title))]),
          ]),
          el('figcaption', { className: ['video-notice'], id: notice }, [txt(context.label.videoNotice(VIDEO_PROVIDERS[video.provider].name))]),
        ]);
      }
      // Anything else is a link card: what it is, and where it leads.
      return el('figure', { className: ['link-card', `story-${directive.name}`] }, [
        el('a', { href: url, rel: ['noopener', 'noreferrer'] }, [
          ...poster,
          el('span', { className: ['link-card-title'] }, [txt(directive.name === 'video' ? context.label.watchVideo(title) : title)]),
          el('span', { className: ['link-card-host'] }, [txt(displayHost(url))]),
        ]),
      ]);
    }
    case 'attachment': {
      const file = context.file(attr('src'));
      if (!file) return null;
      const name = attr('name') || file.filename;
      const kind = attachmentKind(file.mime_type);
      // A card: the icon comes from the kind's class; the id lets `#attachment-{uuid}` (a
      // campaign link) start the download on load (SPEC section 2, clicked at once).
      return el('p', { className: ['attachment-card', `attachment-${kind}`] }, [
        el('a', { id: `attachment-${file.uuid}`, href: context.downloadUrl(file), download: '', rel: ['nofollow'], className: ['attachment-link'] }, [
          el('span', { className: ['attachment-name'] }, [txt(context.label.download(name))]),
          el('span', { className: ['attachment-meta'] }, [txt(context.label.attachmentMeta(kind, file.size))]),
        ]),
      ]);
    }
    case 'contact': {
      const contact = context.contact(attr('key'));
      if (!contact) return context.problem(where, `contact "${attr('key')}" not found in contacts.yaml`), null;
      const lines: ElementContent[] = [el('strong', {}, [txt(contact.name)])];
      if (contact.description) lines.push(el('br', {}), txt(contact.description));
      if (contact.email) lines.push(el('br', {}), el('a', { href: `mailto:${contact.email}` }, [txt(contact.email)]));
      if (contact.phone) lines.push(el('br', {}), el('a', { href: telHref(contact.phone) }, [txt(displayPhone(contact.phone))]));
      if (contact.vcard) lines.push(el('br', {}), el('a', { href: contact.vcard.href, download: '' }, [txt(contact.vcard.label)]));
      return el('div', { className: ['story-contact'] }, [el('p', {}, lines)]);
    }
    case 'button': {
      const href = attr('href');
      if (!/^(https?:\/\/|\/)/.test(href)) return context.problem(where, `href must be an http(s) URL or a site path, got "${href}"`), null;
      return el('p', { className: ['story-button'] }, [el('a', { href, className: ['button'] }, [txt(attr('label') || href)])]);
    }
    case 'callout': {
      if (directive.type !== 'containerDirective') return context.problem(where, 'use a container (:::callout … :::)'), null;
      const type = CALLOUT_TYPES.has(attr('type')) ? attr('type') : 'info';
      // Children are the container's own Markdown; remark-rehype renders them inside this element.
      return el('div', { className: ['story-callout', `story-callout-${type}`], role: 'note' }, []);
    }
    default:
      return context.problem(where, `unknown directive "${directive.name}"`), null;
  }
}


/** GFM table alignment arrives as the obsolete `align` attribute: carried as a class instead. */
function alignmentToClasses(tree: HastRoot): void {
  visit(tree, 'element', (node: Element) => {
    if ((node.tagName === 'th' || node.tagName === 'td') && typeof node.properties?.align === 'string') {
      node.properties = { ...node.properties, className: [`align-${node.properties.align}`] };
      delete node.properties.align;
    }
  });
}

/** Gives h2-h4 stable ids `header-<slug>`, unique within the body. */
function addHeadingIds(tree: HastRoot): void {
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
function collectSections(tree: HastRoot): StorySection[] {
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
function emptyHeaderCellsToData(tree: HastRoot): void {
  visit(tree, 'element', (node: Element) => {
    if (node.tagName !== 'th') return;
    if (toText(node).trim() === '') node.tagName = 'td';
    else node.properties = { ...node.properties, scope: 'col' };
  });
}
