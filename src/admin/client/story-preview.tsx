/**
 * The editor's preview of a story: the site's own story view (StoryContent, src/views/screens/
 * story-page.tsx) with the site's stylesheet and the newsroom's theme, in the story's language and
 * direction, its body through the import's Markdown pipeline (./story-preview-model.ts).
 *
 * Sveltia draws a preview template with its own copy of React, in a frame of its own
 * (docs/decisions/0041-the-editors-preview.md). The template is therefore a class made with the
 * `createClass` Sveltia lends (no hooks of ours in its tree): it renders our view to HTML with our
 * React (`renderToStaticMarkup`) and hands Sveltia's React one element holding that HTML. What it
 * reads from the editor comes in asynchronously (newsroom.yaml, categories, contacts, galleries;
 * the bytes of each media file), and each arrival renders the preview again.
 *
 * A module of its own (scripts/build/build-admin.mjs), loaded by ./admin.ts when the first preview opens:
 * the views, the Markdown pipeline and every message catalogue weigh some 300 KB gzipped, which
 * the editor need not load before it starts.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { mediaPayload, uuidFromHash } from '#src/content/media-payloads';
import { MEDIA_FOLDER } from '#src/content/folder-layout';
import { textDirection, toBcp47 } from '#src/i18n/locales';
import { TranslationProvider } from '#src/views/contexts';
import { StoryContent } from '#src/views/screens/story-page';
import editorConfig from '../editor-config.generated.json';
import { previewLocale, storyPreviewModel, withMediaUrls, type PreviewMedia, type PreviewSurroundings, type StoryPreview } from './story-preview-model';

/** Sveltia's entry: an Immutable.js map (`data` is this language's fields, `i18n` the others'). */
interface ImmutableValue {
  get(key: string): unknown;
  toJS(): unknown;
}

interface PreviewAsset {
  readonly url: string;
  readonly fileObj?: File;
  toBase64?(): Promise<string>;
}

/** What Sveltia 0.221.1 hands a preview template (CustomPreviewTemplateProps). */
interface PreviewProps {
  readonly entry: ImmutableValue;
  readonly getAsset: (path: string) => PreviewAsset | undefined;
  readonly getCollection: (collection: string, slug?: string) => Promise<ImmutableValue | ImmutableValue[] | undefined>;
  readonly document: Document;
}

/** `this` in a component made with createClass. */
export interface ClassInstance<Props, State> {
  readonly props: Props;
  readonly state: State;
  setState(state: Partial<State>): void;
  forceUpdate(): void;
}

interface TemplateInstance extends ClassInstance<PreviewProps, object> {
  sources: PreviewSources;
  /** The language Sveltia wrote on the frame when it made it (before ours). */
  frameLocale: string;
  /** What the last render showed, for the frame's language and theme once it is in place. */
  shown: { locale: string; themeCss: string | null };
}

import type { SveltiaReact } from './sveltia-globals';
import { sha256Hex } from '#src/domain/sha256';

export type { SveltiaReact };

const dataOf = (value: unknown): Record<string, unknown> => {
  const plain = value && typeof (value as ImmutableValue).toJS === 'function' ? (value as ImmutableValue).toJS() : value;
  return plain && typeof plain === 'object' && !Array.isArray(plain) ? (plain as Record<string, unknown>) : {};
};

/** The bytes of a file the editor holds: picked from the folder, uploaded, or fetched by Sveltia. */
async function bytesOf(asset: PreviewAsset): Promise<Uint8Array<ArrayBuffer>> {
  if (asset.fileObj) return new Uint8Array(await asset.fileObj.arrayBuffer());
  if (asset.toBase64) return Uint8Array.from(atob(await asset.toBase64()), (char) => char.charCodeAt(0));
  return new Uint8Array(await (await fetch(asset.url)).arrayBuffer());
}

/** The import's words for a file media/ does not hold. */
const notFound = (path: string): PreviewMedia => ({ state: 'refused', message: `media file "${path}" not found in media/`, missing: true });

/** What one preview frame has read from the editor, and the `blob:` addresses it made of media files. */
class PreviewSources {
  surroundings: PreviewSurroundings = { newsroom: null, categories: null, contacts: null, galleries: null };
  private readonly media = new Map<string, PreviewMedia>();
  private readonly urls = new Map<string, string>();
  private closed = false;

  constructor(
    private props: () => PreviewProps,
    private readonly changed: () => void,
  ) {
    void this.readSurroundings();
  }

  /**
   * A media file by its path inside media/; the first ask starts reading it. A file that was not
   * there is looked for again at each ask: it may have been uploaded since.
   */
  readonly file = (path: string): PreviewMedia => {
    const known = this.media.get(path);
    const asset = known && !(known.state === 'refused' && known.missing) ? null : this.assetOf(path);
    if (known && !asset) return known;
    this.media.set(path, asset ? { state: 'loading' } : notFound(path));
    if (asset) void this.readFile(path, asset);
    return this.media.get(path)!;
  };

  readonly urlOf = (uuid: string): string | null => this.urls.get(uuid) ?? null;

  close(): void {
    this.closed = true;
    for (const url of this.urls.values()) URL.revokeObjectURL(url);
  }

  private settle(update: () => void): void {
    if (this.closed) return;
    update();
    this.changed();
  }

  private assetOf(path: string): PreviewAsset | undefined {
    return this.props().getAsset(`/${MEDIA_FOLDER}/${path}`);
  }

  private async readFile(path: string, asset: PreviewAsset): Promise<void> {
    try {
      const bytes = await bytesOf(asset);
      const payload = mediaPayload(path, bytes, uuidFromHash(await sha256Hex(bytes)));
      this.settle(() => {
        if (!this.urls.has(payload.uuid)) this.urls.set(payload.uuid, URL.createObjectURL(new Blob([bytes], { type: payload.mime_type })));
        this.media.set(path, { state: 'ready', payload });
      });
    } catch (error) {
      this.settle(() => this.media.set(path, { state: 'refused', message: (error as Error).message }));
    }
  }

  private async readSurroundings(): Promise<void> {
    const { getCollection } = this.props();
    const settings = async (name: string) => dataOf((await getCollection('settings', name).catch(() => undefined)) as ImmutableValue | undefined)['data'];
    const [newsroom, categories, contacts, galleries] = await Promise.all([
      settings('newsroom'),
      settings('categories'),
      settings('contacts'),
      getCollection('galleries').catch(() => []),
    ]);
    const items = (value: unknown) => (Array.isArray(dataOf(value).items) ? (dataOf(value).items as Record<string, unknown>[]) : []);
    this.settle(() => {
      this.surroundings = {
        newsroom: dataOf(newsroom),
        categories: items(categories),
        contacts: items(contacts),
        galleries: new Map((Array.isArray(galleries) ? galleries : []).map((entry) => [String(entry.get('slug')), dataOf(entry.get('data'))])),
      };
    });
  }
}

/** The story as the site shows it, and above it what the import would refuse (the editor's words, English like its interface). */
function PreviewDocument({ preview, locale }: { preview: StoryPreview; locale: string }) {
  return (
    <TranslationProvider locale={locale} timeZone={preview.timeZone}>
      {preview.problems.length > 0 ? (
        <div className="editor-preview-problems" lang="en" dir="ltr" style={{ margin: '16px', padding: '12px 16px', border: '2px solid #a4262c', background: '#fdecec', color: '#4a0d10' }}>
          <p style={{ margin: 0, fontWeight: 600 }}>The import would refuse this story:</p>
          <ul style={{ margin: '4px 0 0' }}>
            {preview.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <main className="main">
        <StoryContent model={preview.model} />
      </main>
    </TranslationProvider>
  );
}

const THEME_STYLE_ID = 'newsroom-theme';

/** The frame's own language, direction and theme: the site's stylesheet reads them from the document. */
function dressFrame(frame: Document, locale: string, themeCss: string | null): void {
  frame.documentElement.lang = toBcp47(locale);
  frame.documentElement.dir = textDirection(locale);
  let style = frame.getElementById(THEME_STYLE_ID);
  if (!themeCss) {
    style?.parentNode?.removeChild(style);
    return;
  }
  if (!style) {
    style = frame.createElement('style');
    style.id = THEME_STYLE_ID;
    frame.head.appendChild(style);
  }
  if (style.textContent !== themeCss) style.textContent = themeCss;
}

/** The preview template of stories, a component of Sveltia's React. */
export function storyPreviewTemplate(react: SveltiaReact): unknown {
  return react.createClass<TemplateInstance>({
    getInitialState() {
      this.frameLocale = this.props.document.documentElement.lang;
      this.sources = new PreviewSources(
        () => this.props,
        () => this.forceUpdate(),
      );
      return {};
    },
    componentDidMount() {
      dressFrame(this.props.document, this.shown.locale, this.shown.themeCss);
    },
    componentDidUpdate() {
      dressFrame(this.props.document, this.shown.locale, this.shown.themeCss);
    },
    componentWillUnmount() {
      this.sources.close();
    },
    render() {
      const { entry } = this.props;
      const locale = previewLocale({
        path: String(entry.get('path') ?? ''),
        otherLocales: Object.keys(dataOf(entry.get('i18n'))),
        editorLocales: editorConfig.i18n.locales,
        frameLocale: this.frameLocale,
      });
      const preview = storyPreviewModel({ data: dataOf(entry.get('data')), locale, surroundings: this.sources.surroundings, media: this.sources.file, now: Math.floor(Date.now() / 1000) });
      this.shown = { locale, themeCss: preview.themeCss };
      const html = withMediaUrls(renderToStaticMarkup(<PreviewDocument preview={preview} locale={locale} />), this.sources.urlOf);
      return react.h('div', { className: 'editor-preview', lang: toBcp47(locale), dir: textDirection(locale), dangerouslySetInnerHTML: { __html: html } });
    },
  });
}
