// docs/spec-coverage.md sections 1 and 8: the shell's three contexts; a page without a newsroom context renders
// bare; a context used outside its provider throws.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { useAnalytics, useNewsroomContext, useTranslator } from '#src/views/contexts';
import { Document } from '#src/views/document';

const head = { title: 'Bare', description: '', canonical: '', alternates: [], indexable: false };

test.each([
  ['useNewsroomContext', () => useNewsroomContext()],
  ['useTranslator', () => useTranslator()],
  ['useAnalytics', () => useAnalytics()],
])('%s outside its provider throws', (name, use) => {
  function Reader() {
    use();
    return null;
  }
  expect(() => renderToStaticMarkup(<Reader />)).toThrow(`${name} used outside its provider`);
});

test('without a newsroom context the page renders bare: its own content, no providers, no browser configuration', () => {
  const html = renderToStaticMarkup(
    <Document locale="en" head={head}>
      <main>Only this</main>
    </Document>,
  );
  expect(html).toContain('<main>Only this</main>');
  expect(html).not.toContain('newsroom-client');
  expect(html).not.toContain('site-header');
});
