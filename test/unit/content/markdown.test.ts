import { expect, test } from 'vitest';
import type { BodyContext } from '#src/content/body-context';
import { renderStoryBody } from '#src/content/markdown';
import { resolveRights } from '#src/domain/image-rights';

const image = { version: 2, uuid: 'u-1', filename: 'a.jpg', mime_type: 'image/jpeg', size: 10, original_width: 1200, original_height: 800, effects: [] };

function context(problems: string[] = []): BodyContext {
  return {
    image: (path) => (path === 'a.jpg' ? image : path === 'a.gif' ? { ...image, uuid: 'g', filename: 'a.gif', mime_type: 'image/gif' } : null),
    file: (path) => (path === 'r.pdf' ? { version: 2, uuid: 'u-2', filename: 'r.pdf', mime_type: 'application/pdf', size: 2048 } : null),
    gallery: (key) => (key === 'g' ? { title: 'G', href: '/media/album/g', imagesLabel: '1 image', thumbnails: [image] } : null),
    contact: (key) => (key === 'anna' ? { name: 'Anna', description: 'PR', email: 'anna@x.example', phone: '+31 20 123' } : null),
    imageAttributes: (_image, width, sizes) => ({ src: `/m/u-1/-/preview/${width}x${width}/a.jpg`, srcSet: `/m/u-1/-/preview/${width}x${width}/a.jpg ${width}w`, sizes, width, height: width }),
    originalUrl: () => '/m/u-1/a.jpg',
    downloadUrl: () => '/m/u-2/-/inline/no/r.pdf',
    gifVideo: () => ({ poster: '/m/g/-/format/jpeg/a.gif', sources: [{ src: '/m/g/gif2video/-/format/webm/a.gif', type: 'video/webm' }, { src: '/m/g/gif2video/-/format/mp4/a.gif', type: 'video/mp4' }], width: 480, height: 270 }),
    label: { download: (name) => `Download ${name}`, attachmentMeta: (kind, bytes) => `${kind} · ${bytes} bytes`, watchVideo: (title) => `Watch ${title}`, videoNotice: (host) => `From ${host}`, credit: (credit) => `Photo: ${credit}`, viewGallery: (title) => `Gallery ${title}` },
    rights: (own) => resolveRights(own, {}),
    problem: (field, message) => problems.push(`${field}: ${message}`),
  };
}

test.each([
  ['<script>alert(1)</script>', /<script/i],
  ['<img src=x onerror="alert(1)">', /onerror/i],
  ['[x](javascript:alert(1))', /javascript:/i],
  ['<a href="javascript:alert(1)">x</a>', /javascript:/i],
  ['<iframe src="https://evil.example"></iframe>', /<iframe/i],
  ['<div style="background:url(javascript:alert(1))">x</div>', /style=|javascript:/i],
  ['[x](JaVaScRiPt:alert(1))', /javascript:/i],
  ['![x](data:text/html;base64,PHNjcmlwdD4=)', /data:text\/html/i],
  ['<svg onload=alert(1)>', /<svg|onload/i],
])('%s comes out clean', (markdown, forbidden) => {
  expect(renderStoryBody(markdown, context()).html).not.toMatch(forbidden);
});

test('headings get stable unique ids header-<slug>', () => {
  const { html } = renderStoryBody('## Key facts\n\ntext\n\n## Key facts\n\n### Ünïcode Heading', context());
  expect(html).toContain('<h2 id="header-key-facts">');
  expect(html).toContain('<h2 id="header-key-facts-1">');
  expect(html).toContain('<h3 id="header-ünïcode-heading">');
});

test('plain text and heading-level sections are extracted for search', () => {
  const result = renderStoryBody('Intro **bold**.\n\n## First\n\nOne.\n\n### Second\n\nTwo.', context());
  expect(result.text).toBe('Intro bold. First One. Second Two.');
  expect(result.sections).toEqual([
    { id: '', title: '', text: 'Intro bold.' },
    { id: 'header-first', title: 'First', text: 'One.' },
    { id: 'header-second', title: 'Second', text: 'Two.' },
  ]);
});

test.each([
  ['::image{src="a.jpg" caption="Cap"}', ['<figure class="story-image" id="image-u-1">', 'alt="Cap"', '<figcaption><span class="image-caption">Cap</span></figcaption>', 'width="800"']],
  ['::gallery{key="g"}', ['href="/media/album/g"', 'Gallery G', '1 image']],
  // YouTube and Vimeo: a poster linking to the video, the provider and id for the player, the host named.
  [
    '::video{url="https://www.youtube.com/watch?v=cE8dY2026xQ" title="T"}',
    ['<figure class="video-player story-video" data-player="youtube" data-video-id="cE8dY2026xQ">', '<a href="https://www.youtube.com/watch?v=cE8dY2026xQ" rel="noopener noreferrer" class="video-poster" aria-describedby="video-notice-1">', 'Watch T', '<figcaption class="video-notice" id="video-notice-1">From YouTube</figcaption>'],
  ],
  ['::embed{url="https://vimeo.com/901455216" title="V"}', ['<figure class="video-player story-embed" data-player="vimeo" data-video-id="901455216">', 'From Vimeo']],
  // Another host, or a YouTube address that is not a video: a link card with the host.
  ['::video{url="https://youtube.com/watch?v=1" title="T"}', ['<figure class="link-card story-video">', 'Watch T', '<span class="link-card-host">youtube.com</span>']],
  ['::embed{url="https://example.org/x" title="X"}', ['class="link-card story-embed"', 'href="https://example.org/x"', '<span class="link-card-title">X</span>', '<span class="link-card-host">example.org</span>']],
  ['::attachment{src="r.pdf" name="Report"}', ['<p class="attachment-card attachment-pdf">', 'id="attachment-u-2"', 'href="/m/u-2/-/inline/no/r.pdf" download rel="nofollow"', 'Download Report', 'pdf · 2048 bytes']],
  // Credits: a known licence links to its deed, another is plain text.
  ['::image{src="a.jpg" caption="Dawn" credit="Anna" licence="CC BY 4.0"}', ['<figcaption><span class="image-caption">Dawn</span> <span class="image-credit">Photo: Anna · <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">CC BY 4.0</a></span></figcaption>']],
  ['::image{src="a.jpg" licence="All rights reserved"}', ['<figcaption><span class="image-credit">All rights reserved</span></figcaption>']],
  ['::contact{key="anna"}', ['class="story-contact"', 'mailto:anna@x.example', 'tel:+3120123']],
  ['::button{href="https://example.org" label="Go"}', ['class="button"', '>Go</a>']],
  [':::callout{type="warning"}\nBe **careful**.\n:::', ['story-callout story-callout-warning', '<strong>careful</strong>']],
  ['| a | b |\n|---|---|\n| 1 | 2 |', ['<table>', '<td>1</td>']],
])('%s renders', (markdown, fragments) => {
  const problems: string[] = [];
  const { html } = renderStoryBody(markdown, context(problems));
  for (const fragment of fragments) expect(html).toContain(fragment);
  expect(problems).toEqual([]);
});

test.each([
  ['::gallery{key="nope"}', 'body: ::gallery: gallery "nope" not found'],
  ['::contact{key="nope"}', 'body: ::contact: contact "nope" not found'],
  ['::button{href="javascript:alert(1)" label="x"}', 'body: ::button: href must be an http(s) URL'],
  ['::video{url="ftp://x"}', 'body: ::video: url must be an http(s) URL'],
  ['::marquee{}', 'body: ::marquee: unknown directive "marquee"'],
])('%s is reported as a problem', (markdown, problem) => {
  const problems: string[] = [];
  renderStoryBody(markdown, context(problems));
  expect(problems).toHaveLength(1);
  expect(problems[0]).toContain(problem);
});

test.each(['::image{src="missing.jpg"}', '::attachment{src="nope.pdf"}'])('%s that the context cannot resolve renders nothing and adds no second problem (the context reports why)', (markdown) => {
  const problems: string[] = [];
  expect(renderStoryBody(markdown, context(problems)).html).not.toMatch(/<(img|a|figure)\b/);
  expect(problems).toEqual([]);
});

test('a colon inside prose is text, not a directive', () => {
  expect(renderStoryBody('Meet at 10:30, Note:important', context()).html).toBe('<p>Meet at 10:30, Note:important</p>');
});

test('an animated GIF in a body becomes a muted, looping, autoplaying video with its sources', () => {
  const { html } = renderStoryBody('::image{src="a.gif" caption="Moving"}', context());
  expect(html).toContain('<video autoplay muted loop playsinline poster="/m/g/-/format/jpeg/a.gif" width="480" height="270" aria-label="Moving">');
  expect(html).toContain('<source src="/m/g/gif2video/-/format/webm/a.gif" type="video/webm">');
  expect(html).toContain('<figcaption>Moving</figcaption>');
});

test('an empty top-left header cell of a table becomes a data cell: no empty header for screen readers', () => {
  const { html } = renderStoryBody('| | 2025 | 2024 |\n|---|---|---|\n| Revenue | 10 | 9 |', context());
  expect(html).toMatch(/<tr>\s*<td><\/td>\s*<th scope="col">2025<\/th>\s*<th scope="col">2024<\/th>/);
  expect(html).not.toMatch(/<th>\s*<\/th>/);
});

test('search text leaves out the page’s own words: player notices, credits, link hosts', () => {
  const body = 'Opening.\n\n::video{url="https://www.youtube.com/watch?v=cE8dY2026xQ" title="Highlights"}\n\n::image{src="a.jpg" caption="Dawn" credit="Anna"}\n\n::embed{url="https://events.example.org/x" title="Programme"}';
  const { html, text, sections } = renderStoryBody(body, context());
  expect(html).toContain('From YouTube');
  expect(html).toContain('Photo: Anna');
  expect(text).toBe('Opening. Watch Highlights Dawn Programme');
  expect(JSON.stringify(sections)).not.toMatch(/From YouTube|Photo: Anna|events\.example\.org/);
});
