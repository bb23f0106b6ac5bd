// The editor's preview pane shows a story as the site does: the site's stylesheet, the body through
// the import's Markdown pipeline (a directive becomes the very elements of the public page, raw
// HTML is dropped), images from the files the editor holds, in the story's language and
// direction. In a real browser, offline, over a copy of the demo in local mode
// (test/e2e/editor-session.mjs), compared with the same story's public page on the same server.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, LOCAL_EDITOR_VARS, openPage, startServer } from './server.mjs';
import { openEditor } from './editor-session.mjs';

const DEMO = join(import.meta.dirname, '../../content/demo');
const STORY = 'kreekrak-solar-park-opens';
/** What the story shows: its cover, its ::image, its gallery's images and its contacts' avatars. */
const MEDIA = ['solar-farm-zeeland.jpg', 'agrivoltaics-sheep.jpg', 'solar-farm-sunset.jpg', 'solar-panels-closeup.jpg', 'contact-lotte-janssens.jpg', 'contact-anna-de-vries.jpg'];
/** Raw HTML a press officer might paste into a body: nothing of it may reach the preview. */
const HOSTILE_BODY = [
  '',
  '<script>window.previewScriptRan = true</script>',
  '',
  '<img src="x" onerror="window.previewHandlerRan = true">',
  '',
  'Paragraph after the pasted HTML.',
  '',
].join('\n');

let server;
let browser;
let folder;
before(async () => {
  server = await startServer({ vars: LOCAL_EDITOR_VARS });
  browser = await launchBrowser();
  folder = mkdtempSync(join(tmpdir(), 'newsroom-preview-'));
  cpSync(DEMO, folder, { recursive: true });
  const english = join(folder, `stories/${STORY}/index.en.md`);
  writeFileSync(english, readFileSync(english, 'utf8') + HOSTILE_BODY);
});
after(async () => {
  await browser?.close();
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** What the preview and the public page are compared on, read in the page. */
async function pageFacts(frame) {
  return frame.evaluate(() => {
    // An element's shape as the stylesheet sees it: tags, classes, ids and attribute names (addresses left out).
    const shape = (element) => ({
      tag: element.tagName.toLowerCase(),
      classes: element.className,
      id: element.id,
      attributes: element.getAttributeNames().sort(),
      text: element.children.length === 0 ? element.textContent.trim() : '',
      children: [...element.children].map(shape),
    });
    const shapeOf = (selector) => {
      const element = document.querySelector(selector);
      return element ? shape(element) : null;
    };
    const article = document.querySelector('article.story');
    const image = document.querySelector('.story-body figure.story-image img');
    return {
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      title: document.querySelector('h1.story-title')?.textContent,
      bodyText: document.querySelector('.story-body')?.textContent ?? '',
      articleMaxWidth: article ? getComputedStyle(article).maxWidth : null,
      image: shapeOf('.story-body figure.story-image'),
      imageLoaded: Boolean(image?.complete && image.naturalWidth > 0),
      gallery: shapeOf('.story-body .story-gallery'),
      contacts: [...document.querySelectorAll('.contact-card .contact-name')].map((name) => name.textContent),
      scripts: document.querySelectorAll('body script').length,
      handlers: [...document.querySelectorAll('*')].filter((element) => element.getAttributeNames().some((name) => name.startsWith('on'))).length,
    };
  });
}

/** The preview pane's frame once it shows the story with its ::image read from the editor's files. */
async function previewFrame(page) {
  const element = await page.waitForSelector('iframe.preview');
  const frame = await element.contentFrame();
  await frame.waitForSelector('.story-body figure.story-image img[src^="blob:"]');
  await frame.waitForFunction(() => document.querySelector('.story-body figure.story-image img')?.complete);
  return frame;
}

async function publicFacts(path) {
  const { page, context } = await openPage(browser, `${server.origin}${path}`);
  const result = await pageFacts(page.mainFrame());
  await context.close();
  return result;
}

test('the preview shows the story as its public page does, in English and in Arabic', async () => {
  const editor = await openEditor(browser, server.origin, folder, { media: MEDIA });
  const { page } = editor;
  await page.goto(`${server.origin}/admin/#/collections/stories/entries/${STORY}/index`);
  let frame = await previewFrame(page);

  const english = await pageFacts(frame);
  const englishPage = await publicFacts('/kreekrak-solar-park-opens-in-zeeland');
  assert.equal(english.lang, 'en');
  assert.equal(english.dir, 'ltr');
  assert.equal(english.title, 'Northwind opens Kreekrak, the largest solar park in Zeeland');
  assert.match(english.bodyText, /Northwind Energy today officially opened the Kreekrak solar\s+park/);
  // The site's stylesheet is applied: the story column's width comes from it alone.
  assert.equal(english.articleMaxWidth, englishPage.articleMaxWidth);
  assert.notEqual(english.articleMaxWidth, 'none');
  // ::image and ::gallery are the public page's elements, the image read from the editor's file.
  assert.deepEqual(english.image, englishPage.image);
  assert.deepEqual(english.gallery, englishPage.gallery);
  assert.ok(english.imageLoaded, 'the ::image shows the file the editor holds');
  assert.deepEqual(english.contacts, englishPage.contacts);

  // Pasted HTML is dropped by the import's sanitizer: no script, no handler, nothing ran.
  assert.match(english.bodyText, /Paragraph after the pasted HTML\./);
  assert.doesNotMatch(english.bodyText, /previewScriptRan|previewHandlerRan/);
  assert.equal(english.scripts, 0);
  assert.equal(english.handlers, 0);
  assert.equal(await frame.evaluate(() => window.previewScriptRan ?? window.previewHandlerRan ?? null), null);
  assert.equal(await page.evaluate(() => window.previewScriptRan ?? window.previewHandlerRan ?? null), null);

  // What the press officer types shows at once, as text.
  const title = page.getByRole('textbox', { name: /^Title/ }).first();
  await title.fill('Kreekrak opens <img src=x onerror="window.previewHandlerRan = true">');
  await frame.waitForFunction(() => document.querySelector('h1.story-title')?.textContent.startsWith('Kreekrak opens <img'));
  assert.equal(await frame.evaluate(() => document.querySelectorAll('h1.story-title *').length), 0);

  // The Arabic file: right to left, in Arabic, the same elements as its public page.
  await page.getByRole('radio', { name: 'Arabic', exact: true }).first().click();
  frame = await previewFrame(page);
  await frame.waitForFunction(() => document.documentElement.lang === 'ar');
  const arabic = await pageFacts(frame);
  const arabicPage = await publicFacts('/iftitah-mahattat-kreekrak-al-shamsiya');
  assert.equal(arabic.lang, 'ar');
  assert.equal(arabic.dir, 'rtl');
  assert.equal(await frame.evaluate(() => document.querySelector('.editor-preview')?.getAttribute('dir')), 'rtl');
  assert.equal(arabic.title, 'نورث ويند تفتتح محطة كريكراك، أكبر محطة للطاقة الشمسية في مقاطعة زيلاند');
  assert.match(arabic.bodyText, /ملكية محلية/);
  assert.deepEqual(arabic.image, arabicPage.image);
  assert.deepEqual(arabic.gallery, arabicPage.gallery);
  assert.equal(arabic.articleMaxWidth, arabicPage.articleMaxWidth);

  assert.deepEqual(editor.errors, []);
  await editor.context.close();
});
