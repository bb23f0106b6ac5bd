/**
 * Our own script on the editor's page (/admin/), loaded before Sveltia CMS's bundle: the place
 * for what we add to the editor. It points Sveltia's translations at this site
 * (./editor-locales.ts, the folder named by this script's `data-editor-translations`), asks
 * Sveltia to wait (`CMS_MANUAL_INIT`), and once the bundle has run (DOMContentLoaded) registers
 * the body directives as editor blocks (./directive-blocks.ts) and starts it, so the blocks exist
 * before the first story opens.
 */
import { CONTAINER_BODY, DIRECTIVE_BLOCKS, fromBlock, toBlock, blockPattern, type BlockField, type DirectiveBlock } from './directive-blocks';
import { serveEditorTranslationsFrom } from './editor-locales';

interface SveltiaCms {
  registerEditorComponent(definition: Record<string, unknown>): void;
  init(): void;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: SveltiaCms;
  }
}

/** The media fields as the generated configuration has them: a name inside media/, no URL. */
const MEDIA_OPTIONS = { media_folder: '/media', public_folder: '', choose_url: false };

function fieldOf(field: BlockField): Record<string, unknown> {
  const base = { name: field.name, label: field.label, hint: field.hint, required: field.required };
  if (field.widget === 'image' || field.widget === 'file') return { ...base, widget: field.widget, ...MEDIA_OPTIONS };
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
  for (const block of DIRECTIVE_BLOCKS) {
    const fields = block.attributes.map(fieldOf);
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

const translations = document.currentScript?.dataset.editorTranslations;
if (translations) serveEditorTranslationsFrom(translations);

window.CMS_MANUAL_INIT = true;
document.addEventListener('DOMContentLoaded', () => {
  const cms = window.CMS;
  if (!cms) return;
  register(cms);
  cms.init();
});
