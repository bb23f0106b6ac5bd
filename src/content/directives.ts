/**
 * The directives of a story body (docs/content-format.md): `::image`, `::gallery`, `::video`,
 * `::embed`, `::attachment`, `::contact`, `::button` and `:::callout`, each expanded into the HTML
 * elements the page shows. They are expanded before sanitizing (src/content/markdown.ts), so what
 * they produce is held to the same allowlist as the author's own Markdown.
 */
import type { Element, ElementContent } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { visit } from 'unist-util-visit';
import type { ImageAttributes } from '#src/domain/media/index';
import { displayPhone, telHref } from '#src/domain/phone';
import { attachmentKind } from '#src/domain/attachment';
import { displayHost, VIDEO_PROVIDERS, videoEmbedOf } from '#src/domain/video-embed';
import type { ImageRights } from '#src/domain/image-rights';
import type { BodyContext } from './body-context';

/** Width of the story column; body images are laid out at this width at most. */
const BODY_IMAGE_WIDTH = 800;
const BODY_IMAGE_SIZES = '(max-width: 840px) 100vw, 800px';
const CALLOUT_TYPES = new Set(['info', 'warning', 'success', 'note']);

type Directive = ContainerDirective | LeafDirective | TextDirective;

export function expandDirectives(tree: MdastRoot, context: BodyContext): void {
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
      // `image-{uuid}` lets a URL hash (#image-…) open this image (docs/spec-coverage.md section 2).
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
