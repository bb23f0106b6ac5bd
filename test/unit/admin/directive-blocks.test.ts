// The editor's body blocks read and write a directive exactly as the file has it: every directive
// line of the demo and the fixtures goes through fields and back unchanged, and any spelling the
// block cannot write back the same stays plain Markdown instead of becoming a block.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { blockOf, blockPattern, DIRECTIVE_BLOCKS, fromBlock, toBlock } from '#src/admin/client/directive-blocks';

const root = join(import.meta.dirname, '../../..');

/** Every leaf directive line and every callout of the Markdown files under `folder`. */
function directivesIn(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    found.push(...(text.match(/^::[a-z]+\{.*\}$/gm) ?? []));
    found.push(...(text.match(/^:::[a-z]+\{.*\}\n[\s\S]*?\n:::$/gm) ?? []));
  }
  return found;
}

const block = (name: string) => DIRECTIVE_BLOCKS.find((candidate) => candidate.name === name)!;

describe('every directive of the demo and the fixtures is a block and round-trips', () => {
  const lines = [...new Set([...directivesIn('content/demo'), ...directivesIn('test/fixtures/content')])];
  test('there are directives of every kind to check', () => {
    const kinds = new Set(lines.map((line) => line.match(/^:+([a-z]+)/)![1]));
    expect([...kinds].sort()).toEqual(DIRECTIVE_BLOCKS.map((candidate) => candidate.name).sort());
  });
  test.each(lines)('%s', (line) => {
    const found = blockOf(line);
    expect(found, 'a block').not.toBeNull();
    expect(toBlock(found!.block, found!.values)).toBe(line);
  });
});

test.each([
  ['image with every attribute', '::image{src="a.jpg" caption="Panels" alt="Solar panels" credit="Anna de Vries" licence="CC BY 4.0"}', { src: 'a.jpg', caption: 'Panels', alt: 'Solar panels', credit: 'Anna de Vries', licence: 'CC BY 4.0' }],
  ['image with only its source', '::image{src="a.jpg"}', { src: 'a.jpg', caption: '', alt: '', credit: '', licence: '' }],
  ['a quote in a caption, written &quot;', '::image{src="a.jpg" caption="The &quot;Kreekrak&quot; park"}', { caption: 'The "Kreekrak" park' }],
  ['an apostrophe and non-Latin text as they are', '::video{url="https://vimeo.com/1" title="L\'énergie · بناء"}', { url: 'https://vimeo.com/1', title: 'L\'énergie · بناء', thumbnail: '' }],
  ['another character reference kept as written', '::attachment{src="r.pdf" name="R&amp;D report"}', { src: 'r.pdf', name: 'R&amp;D report' }],
  ['an embed with a thumbnail', '::embed{url="https://example.org/" title="Programme" thumbnail="event.jpg"}', { thumbnail: 'event.jpg' }],
  ['a button without a label', '::button{href="/en/contact"}', { href: '/en/contact', label: '' }],
  ['a required attribute left empty', '::contact{key=""}', { key: '' }],
  ['a callout with Markdown inside', ':::callout{type="warning"}\nMind the **gap**.\n\n- one\n:::', { type: 'warning', body: 'Mind the **gap**.\n\n- one' }],
])('%s', (_, text, expected) => {
  const found = blockOf(text);
  expect(found).not.toBeNull();
  expect(found!.values).toMatchObject(expected);
  expect(toBlock(found!.block, found!.values)).toBe(text);
});

test.each([
  ['attributes in another order', '::image{caption="Panels" src="a.jpg"}'],
  ['single quotes', "::image{src='a.jpg'}"],
  ['an unquoted value', '::gallery{key=launch}'],
  ['an attribute the import does not read', '::image{src="a.jpg" width="300"}'],
  ['two spaces between attributes', '::image{src="a.jpg"  caption="x"}'],
  ['an empty optional attribute', '::image{src="a.jpg" caption=""}'],
  ['a callout of an unknown type', ':::callout{type="danger"}\nText\n:::'],
  ['text after the directive', '::contact{key="anna"} and more'],
  ['an unknown directive', '::map{key="x"}'],
])('%s is not a block, so it stays as written', (_, text) => {
  expect(blockOf(text)).toBeNull();
});

describe('writing fields', () => {
  test('optional attributes left empty are left out; the order is the documented one', () => {
    expect(toBlock(block('image'), { licence: 'CC0', src: 'a.jpg', caption: '' })).toBe('::image{src="a.jpg" licence="CC0"}');
  });
  test('a quote is written &quot; and a line break in a one-line field becomes a space', () => {
    expect(toBlock(block('button'), { href: '/x', label: 'Say "hi"\nnow' })).toBe('::button{href="/x" label="Say &quot;hi&quot; now"}');
  });
  test('what toBlock writes is found again by the pattern, in a body', () => {
    const body = `Intro.\n\n${toBlock(block('callout'), { type: 'note', body: 'Inside.' })}\n\nAfter.`;
    const match = body.match(blockPattern(block('callout')));
    expect(match && fromBlock(block('callout'), match)).toEqual({ type: 'note', body: 'Inside.' });
  });
  test('a block whose first attribute is optional is refused, so the pattern keeps its spacing rule', () => {
    expect(() => blockPattern({ name: 'x', label: 'X', icon: 'x', attributes: [{ name: 'a', label: 'A', widget: 'string', required: false }] })).toThrow(/first attribute/);
  });
});
