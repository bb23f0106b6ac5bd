import { describe, expect, test } from 'vitest';
import { displayHost, playerOriginsInHtml, playerOriginsOf, playerUrl, videoEmbedOf } from '#src/domain/video-embed';

describe('videoEmbedOf: the video page addresses we can play, and nothing else', () => {
  test.each([
    ['https://www.youtube.com/watch?v=cE8dY2026xQ', { provider: 'youtube', id: 'cE8dY2026xQ' }],
    ['https://youtube.com/watch?v=cE8dY2026xQ&t=42s', { provider: 'youtube', id: 'cE8dY2026xQ' }],
    ['https://m.youtube.com/watch?v=cE8dY2026xQ', { provider: 'youtube', id: 'cE8dY2026xQ' }],
    ['https://youtu.be/cE8dY2026xQ', { provider: 'youtube', id: 'cE8dY2026xQ' }],
    ['https://www.youtube.com/embed/cE8dY2026xQ', { provider: 'youtube', id: 'cE8dY2026xQ' }],
    ['https://www.youtube.com/shorts/cE8dY2026xQ', { provider: 'youtube', id: 'cE8dY2026xQ' }],
    ['https://www.youtube-nocookie.com/embed/cE8dY2026xQ', { provider: 'youtube', id: 'cE8dY2026xQ' }],
    ['https://vimeo.com/901455216', { provider: 'vimeo', id: '901455216' }],
    ['https://player.vimeo.com/video/901455216', { provider: 'vimeo', id: '901455216' }],
    // Not a video id, not a video page, or another host.
    ['https://www.youtube.com/watch?v=1', null],
    ['https://www.youtube.com/watch?v=cE8dY2026xQ"><script>', null],
    ['https://www.youtube.com/channel/UC123', null],
    ['https://vimeo.com/channels/staffpicks', null],
    ['https://vimeo.com/abc', null],
    ['https://youtube.com.example.org/watch?v=cE8dY2026xQ', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
  ])('%s', (address, expected) => {
    expect(videoEmbedOf(address)).toEqual(expected);
  });
});

describe('playerUrl: only our templates, only well-formed ids', () => {
  test.each([
    ['youtube', 'cE8dY2026xQ', 'https://www.youtube-nocookie.com/embed/cE8dY2026xQ?autoplay=1&rel=0'],
    ['vimeo', '901455216', 'https://player.vimeo.com/video/901455216?autoplay=1&dnt=1'],
    ['youtube', '../../evil', null],
    ['vimeo', '1?x=y', null],
    ['dailymotion', 'x8abc', null],
    ['constructor', 'x', null],
    ['toString', 'x', null],
  ])('%s %s', (provider, id, expected) => {
    expect(playerUrl(provider, id)).toBe(expected);
  });
});

test('a body needs the origins of the players it carries, once each; a page without one needs none', () => {
  const html =
    '<figure class="video-player story-video" data-player="youtube" data-video-id="a"></figure><figure class="video-player story-embed" data-player="vimeo"></figure>' +
    '<figure class="video-player" data-player="youtube"></figure><figure class="video-player" data-player="evil"></figure>' +
    // Text that only looks like an attribute is not a player.
    '<p>data-player="vimeo"</p><p> data-player="youtube"</p>';
  expect(playerOriginsInHtml(html)).toEqual(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']);
  expect(playerOriginsInHtml('<p>The attribute data-player="vimeo" is ours.</p>')).toEqual([]);
  expect(playerOriginsInHtml('<p>No video here</p>')).toEqual([]);
  expect(playerOriginsOf([{ provider: 'vimeo', id: '1' }, { provider: 'vimeo', id: '2' }])).toEqual(['https://player.vimeo.com']);
});

test('displayHost names where a link card leads', () => {
  expect(displayHost('https://www.example.org/a/b')).toBe('example.org');
  expect(displayHost('https://events.example.org')).toBe('events.example.org');
});
