// The one redaction of secret addresses (src/domain/secret-paths.ts): every spelling a router or
// a browser may use, in a path, a URL or a message.
import { expect, test } from 'vitest';
import { hasSecret, withoutSecrets } from '#src/domain/secret-paths';

const TOKEN = 'r_4K1XAkym3ry19CWCJ3CqStL3RWEPw_cYFLwjDgEa0';
const UUID = '11111111-2222-4333-8444-555555555555';

test.each([
  // Journalists' links, as routed and as typed.
  [`/s/${TOKEN}`, '/s/:token'],
  [`/s/${TOKEN}.json`, '/s/:token'],
  // A gallery's secret link (g + a token), with its language and its ZIP.
  [`/s/g${TOKEN}`, '/s/:token'],
  [`/s/g${TOKEN}/fr`, '/s/:token'],
  [`/s/g${TOKEN}/download`, '/s/:token'],
  [`/s/${TOKEN}/`, '/s/:token'],
  [`/s/${TOKEN}//`, '/s/:token'],
  [`/S/${TOKEN}`, '/S/:token'],
  [`/en/s/${TOKEN}`, '/en/s/:token'],
  [`/fr/s/${TOKEN}`, '/fr/s/:token'],
  [`/pt-br/s/${TOKEN}.json`, '/pt-br/s/:token'],
  [`/xx/s/${TOKEN}`, '/xx/s/:token'],
  // Percent-encoded: the letter, the slash, twice encoded, lower-case escapes, broken UTF-8 beside.
  [`/%73/${TOKEN}`, '/s/:token'],
  [`/%53/${TOKEN}`, '/S/:token'],
  [`/s%2F${TOKEN}`, '/s/:token'],
  [`/s%2f${TOKEN}`, '/s/:token'],
  [`%2Fs%2F${TOKEN}`, '/s/:token'],
  [`/%2573/${TOKEN}`, '/s/:token'],
  [`/%252573/${TOKEN}`, '/s/:token'],
  [`/en%2Fs%2F${TOKEN}`, '/en/s/:token'],
  [`/s/${TOKEN}%2Fmore`, '/s/:token'],
  [`/s/${TOKEN.slice(0, 20)}%FF${TOKEN.slice(20)}`, '/s/:token'],
  // The privacy portal's mailed links.
  [`/en/newsroom/${UUID}/subscribe/confirm/0123abcd`, `/en/newsroom/${UUID}/subscribe/confirm/:token`],
  [`/fr/newsroom/${UUID}/data-request/confirm/0123abcd`, `/fr/newsroom/${UUID}/data-request/confirm/:token`],
  [`/en/newsroom/${UUID}/unsubscribe/0123abcd`, `/en/newsroom/${UUID}/unsubscribe/:token`],
  [`/en/newsroom/${UUID}/unsubscribe/0123abcd/`, `/en/newsroom/${UUID}/unsubscribe/:token`],
  [`/en/newsroom/${UUID}/%75nsubscribe/0123abcd`, `/en/newsroom/${UUID}/unsubscribe/:token`],
  [`/press/leave/${TOKEN}`, '/press/leave/:token'],
  [`/press/%6Ceave/${TOKEN}?x=1`, '/press/leave/:token?x=1'],
  // A journalist's own page and its calendar files.
  [`/press/${TOKEN}`, '/press/:token'],
  [`/press/${TOKEN}/a4b4b54c-49ab-4cf1-ba04-481bca01aebf.ics`, '/press/:token'],
  [`/%70ress/${TOKEN}`, '/press/:token'],
  [`https://news.example/press/${TOKEN}#pending`, 'https://news.example/press/:token#pending'],
  [`/en/newsroom/${UUID}/subscribe%2Fconfirm%2F0123abcd`, `/en/newsroom/${UUID}/subscribe/confirm/:token`],
  // Whole URLs (a Referer) and messages: the query and the fragment stay, the secret does not.
  [`https://news.example/s/${TOKEN}`, 'https://news.example/s/:token'],
  [`https://news.example/fr/s/${TOKEN}?utm_source=mail#top`, 'https://news.example/fr/s/:token?utm_source=mail#top'],
  [`Not found: /s/${TOKEN} (secret link)`, 'Not found: /s/:token (secret link)'],
  [`"/s/${TOKEN}"`, '"/s/:token"'],
  // Public addresses stay as they are, escapes included.
  ['/category/products', '/category/products'],
  ['/story-about-s', '/story-about-s'],
  ['/s', '/s'],
  ['/s/', '/s/'],
  ['/fr/tag/%C3%A9nergie', '/fr/tag/%C3%A9nergie'],
  ['/search', '/search'],
  ['/en/newsroom/x/subscribe', '/en/newsroom/x/subscribe'],
  ['/tag/press/feed', '/tag/press/feed'],
  ['/category/press/feed/atom', '/category/press/feed/atom'],
  ['/press/short', '/press/short'],
  ['/press/download', '/press/download'],
  // A token cut short is still most of a key.
  [`/press/${TOKEN.slice(0, 30)}`, '/press/:token'],
  ['50% of /stories', '50% of /stories'],
])('%s is reported as %s', (text, expected) => {
  expect(withoutSecrets(text)).toBe(expected);
  expect(withoutSecrets(text)).not.toContain(TOKEN);
  expect(hasSecret(text)).toBe(expected !== text);
});

test('redacting twice changes nothing more', () => {
  for (const text of [`/s/${TOKEN}`, `/%73/${TOKEN}`, `/en/newsroom/${UUID}/unsubscribe/abc`]) {
    expect(withoutSecrets(withoutSecrets(text))).toBe(withoutSecrets(text));
  }
});
