import { expect, test } from 'vitest';
import { prefersMarkdown } from '#src/domain/content-negotiation';

test.each([
  [null, false],
  ['', false],
  ['text/markdown', true],
  ['text/x-markdown', true],
  ['TEXT/Markdown', true],
  ['text/markdown, text/html', false],
  ['text/markdown, text/html;q=0.9', true],
  ['text/html;q=0.5, text/markdown;q=0.8', true],
  ['text/markdown;q=0.5, text/*;q=0.6', false],
  ['text/markdown;q=0.5, */*;q=0.1', true],
  ['text/markdown;q=0', false],
  ['text/markdown;q=abc', false],
  ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', false],
  ['*/*', false],
  ['application/json', false],
])('Accept %j prefers Markdown: %s', (accept, expected) => {
  expect(prefersMarkdown(accept)).toBe(expected);
});
