import { expect, test } from 'vitest';
import { bodyToMarkdown } from '#src/content/html-to-markdown';

const addresses = { origin: 'https://news.example', mediaRoot: '/__media__' };

test.each([
  ['headings and paragraphs', '<h2 id="header-a">Key facts</h2><p>One <strong>two</strong>.</p>', '## Key facts\n\nOne **two**.'],
  ['a lightbox image becomes its original file', '<figure><a href="/__media__/u/photo.jpg" data-lightbox="image"><img src="/__media__/u/-/resize/90x/photo.jpg" alt="A photo"></a></figure>', '![A photo](/__media__/u/photo.jpg)'],
  ['decorative images go', '<p><img src="/__media__/u/x.jpg" alt="">Text</p>', 'Text'],
  ['site paths become absolute, media stay for the worker', '<p><a href="/media/album/1">Album</a></p>', '[Album](https://news.example/media/album/1)'],
  ['mail addresses are resource links, never angle brackets', '<p><a href="mailto:a@b.example">a@b.example</a></p>', '[a@b.example](mailto:a@b.example)'],
  ['an emptied link is its words', '<p><a>Click me</a></p>', 'Click me'],
  ['card parts are separated', '<p class="attachment-card"><a href="/__media__/f/doc.pdf"><span class="attachment-name">Doc</span><span class="attachment-meta">PDF · 1 KB</span></a></p>', '[Doc (PDF · 1 KB)](/__media__/f/doc.pdf)'],
  ['a video is a link, without its play mark or cookie notice', '<figure class="video-player"><a href="https://vimeo.com/1" class="video-poster"><span class="video-play-icon"></span><span class="video-title">Film</span></a><figcaption class="video-notice">Cookies…</figcaption></figure>', '[Film](https://vimeo.com/1)'],
  ['tables are GFM tables', '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>', '| A |\n| - |\n| 1 |'],
  ['text that looks like markup is escaped', '<p>&lt;b&gt;not bold&lt;/b&gt; *x*</p>', '\\<b>not bold\\</b> \\*x\\*'],
])('%s', (_, html, markdown) => {
  expect(bodyToMarkdown(html, addresses)).toBe(markdown);
});
