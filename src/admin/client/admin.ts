/**
 * Our own script on the editor's page (/admin/), loaded before Sveltia CMS's bundle: the place
 * for what we add to the editor. It points Sveltia's translations at this site
 * (./editor-locales.ts, the folder named by this script's `data-editor-translations`), asks
 * Sveltia to wait (`CMS_MANUAL_INIT`), and once the bundle has run (DOMContentLoaded) registers
 * the Uploadcare field types (./uploadcare-field.ts, used when the worker's configuration names
 * them), the body directives as editor blocks (./directive-blocks.ts) and the stories' preview
 * (./story-preview.tsx), then starts it, so all exist before the first story opens. With
 * Uploadcare uploads on, the page carries their settings (src/admin/admin-page.ts) and the
 * blocks' image and file fields upload there too. With the GitHub App configured, it signs Sveltia
 * in with the door's session (./editor-session.ts) before Sveltia starts.
 */
import { CONTAINER_BODY, DIRECTIVE_BLOCKS, fromBlock, toBlock, blockPattern, type BlockField, type DirectiveBlock } from './directive-blocks';
import { keyChoiceOptions } from '../config/key-choices';
import { urls } from '#src/i18n/urls';
import { serveEditorTranslationsFrom } from './editor-locales';
import { startEditorSession } from './editor-session';
import type { ClassInstance, SveltiaReact } from './story-preview';
import { uploadcareControl } from './uploadcare-field';
import { UPLOADCARE_WIDGETS, UPLOADS_DATA_ID } from './uploadcare-upload';

interface SveltiaCms {
  registerEditorComponent(definition: Record<string, unknown>): void;
  registerFieldType(name: string, control: unknown): void;
  registerPreviewTemplate(collection: string, component: unknown): void;
  registerPreviewStyle(url: string): void;
  init(): void;
}

/** The page's data block with the Uploadcare fields' settings (src/admin/admin-page.ts), if any. */
function uploadSettingsOnPage(): Record<string, string> | null {
  const block = document.getElementById(UPLOADS_DATA_ID);
  if (!block?.textContent) return null;
  try {
    const settings = JSON.parse(block.textContent) as unknown;
    return typeof settings === 'object' && settings !== null ? (settings as Record<string, string>) : null;
  } catch {
    return null;
  }
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: SveltiaCms;
  }
}

/** The hashed address of the story preview's module (./story-preview.tsx), set by scripts/build/build-admin.mjs. */
declare const STORY_PREVIEW_MODULE: string;

/**
 * The media fields as the served configuration has them: a name inside media/ (which the page
 * says where to find in the repository the editor opens), no URL.
 */
const MEDIA_OPTIONS = { media_folder: document.currentScript?.dataset.mediaFolder || '/media', public_folder: '', choose_url: false };

function fieldOf(field: BlockField, uploads: Record<string, string> | null): Record<string, unknown> {
  const base = { name: field.name, label: field.label, hint: field.hint, required: field.required };
  if (field.keys) return { ...base, ...keyChoiceOptions(field.keys, { multiple: false }) };
  if (field.widget === 'image' || field.widget === 'file') {
    return uploads ? { ...base, widget: UPLOADCARE_WIDGETS[field.widget], ...MEDIA_OPTIONS, ...uploads } : { ...base, widget: field.widget, ...MEDIA_OPTIONS };
  }
  if (field.widget === 'select') return { ...base, widget: 'select', options: field.options, default: field.options?.[0] };
  return { ...base, widget: field.widget };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The block in the editor's own preview: its kind and values as text (the site's views are elsewhere). */
function previewOf(block: DirectiveBlock, props: Record<string, unknown>): string {
  const values = block.attributes.map((field) => (typeof props[field.name] === 'string' && props[field.name] ? `${field.label}: ${props[field.name] as string}` : '')).filter(Boolean);
  return `<p><strong>${escapeHtml(block.label)}</strong> ${escapeHtml(values.join(' · '))}</p>`;
}

function register(cms: SveltiaCms) {
  for (const kind of ['image', 'file'] as const) cms.registerFieldType(UPLOADCARE_WIDGETS[kind], uploadcareControl(kind));
  const uploads = uploadSettingsOnPage();
  for (const block of DIRECTIVE_BLOCKS) {
    const fields = block.attributes.map((field) => fieldOf(field, uploads));
    if (block.container) fields.push({ name: CONTAINER_BODY, label: 'Text', widget: 'markdown', required: true });
    cms.registerEditorComponent({
      // Ids of our own: Sveltia has built-in components (`image`), and two of one id break its editor.
      id: `directive-${block.name}`,
      label: block.label,
      icon: block.icon,
      fields,
      pattern: blockPattern(block),
      fromBlock: (match: RegExpMatchArray) => fromBlock(block, match),
      toBlock: (props: Record<string, unknown>) => toBlock(block, props),
      toPreview: (props: Record<string, unknown>) => previewOf(block, props),
    });
  }
}

/**
 * Stories' preview pane shows the story as the site does: the site's stylesheet, and a template
 * that loads the preview's module the first time a preview opens and then draws with it.
 */
function registerStoryPreview(cms: SveltiaCms, react: SveltiaReact) {
  let template: Promise<unknown> | undefined;
  const load = () => (template ??= import(STORY_PREVIEW_MODULE).then((module: typeof import('./story-preview')) => module.storyPreviewTemplate(react)));
  cms.registerPreviewStyle(urls.stylesheet());
  cms.registerPreviewTemplate(
    'stories',
    react.createClass<ClassInstance<object, { template: unknown }>>({
      getInitialState() {
        void load().then((loaded) => this.setState({ template: loaded }));
        return { template: null };
      },
      render() {
        return this.state.template ? react.h(this.state.template, this.props) : null;
      },
    }),
  );
}

const translations = document.currentScript?.dataset.editorTranslations;
if (translations) serveEditorTranslationsFrom(translations);
// With the GitHub App configured the person is already signed in, at the door (ADR 0051).
if (document.currentScript?.dataset.session === 'access') startEditorSession(localStorage);

window.CMS_MANUAL_INIT = true;
document.addEventListener('DOMContentLoaded', () => {
  const { CMS: cms, createClass, h } = window;
  if (!cms) return;
  register(cms);
  if (createClass && h) registerStoryPreview(cms, { createClass, h });
  cms.init();
});
