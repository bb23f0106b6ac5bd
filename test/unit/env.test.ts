// The site's configured origin (SITE_URL) as the worker reads it (src/env.ts).
import { expect, test } from 'vitest';
import { readConfig } from '#src/env';

const configWith = (vars: Record<string, string>) => readConfig(vars as unknown as CloudflareBindings);

test.each([
  [undefined, null],
  ['', null],
  ['https://news.example.com', 'https://news.example.com'],
  ['https://news.example.com/', 'https://news.example.com'],
  ['HTTPS://News.Example.COM', 'https://news.example.com'],
  ['http://localhost:8787', 'http://localhost:8787'],
  ['https://bücher.example', 'https://xn--bcher-kva.example'],
])('SITE_URL %j is the origin %j', (value, origin) => {
  expect(configWith(value === undefined ? {} : { SITE_URL: value }).siteUrl).toBe(origin);
});

test.each(['news.example.com', 'ftp://news.example.com', 'https://news.example.com/newsroom', 'https://news.example.com/?x=1', 'https://user:pw@news.example.com', 'https://news.example.com/#top'])(
  'SITE_URL %j is refused with the field named',
  (value) => {
    expect(() => configWith({ SITE_URL: value })).toThrow(/Invalid worker configuration: SITE_URL/);
  },
);
