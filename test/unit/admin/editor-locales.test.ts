// Sveltia's requests for its interface's translations go to this site's copy; nothing else does.
import { expect, test } from 'vitest';
import { ownTranslationUrl } from '#src/admin/client/editor-locales';

const FOLDER = '/admin-assets/sveltia-cms-0.221.1-636b55d45c37/locales/';

test.each([
  ['https://unpkg.com/@sveltia/cms@0.221.1/locales/en-GB.json', `${FOLDER}en-GB.json`],
  ['https://unpkg.com/@sveltia/cms@0.221.1/locales/fr.json', `${FOLDER}fr.json`],
  ['https://unpkg.com/@sveltia/cms@0.221.1/locales/zh-TW.json', `${FOLDER}zh-TW.json`],
  ['https://unpkg.com/@sveltia/cms@1.0.0-beta.2/locales/ar.json', `${FOLDER}ar.json`],
])('%s is served from this site', (url, own) => {
  expect(ownTranslationUrl(url, FOLDER)).toBe(own);
});

test.each([
  ['the version check', 'https://unpkg.com/@sveltia/cms/package.json'],
  ['the configuration schema', 'https://unpkg.com/@sveltia/cms/schema/sveltia-cms.json'],
  ['another package', 'https://unpkg.com/@other/cms@1.0.0/locales/fr.json'],
  ['another host', 'https://cdn.jsdelivr.net/npm/@sveltia/cms@0.221.1/locales/fr.json'],
  ['a path climbing out', 'https://unpkg.com/@sveltia/cms@0.221.1/locales/../../evil.json'],
  ['a query', 'https://unpkg.com/@sveltia/cms@0.221.1/locales/fr.json?x=1'],
  ['the GitHub API', 'https://api.github.com/repos/northwind/newsroom'],
  ['this site', '/admin/config.yml'],
])('%s is left alone', (_what, url) => {
  expect(ownTranslationUrl(url, FOLDER)).toBeNull();
});
