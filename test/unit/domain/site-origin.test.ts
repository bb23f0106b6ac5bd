// The one origin absolute addresses are built on (src/domain/site-origin.ts).
import { expect, test } from 'vitest';
import { siteServedAt } from '#src/domain/site-origin';
import { testSite } from '../jobs/site-fixture';

test('a configured origin replaces the newsroom’s url and leaves the rest as it was', () => {
  const site = testSite();
  const served = siteServedAt(site, 'https://staging.news.example');
  expect(served.newsroom.url).toBe('https://staging.news.example');
  expect({ ...served, newsroom: { ...served.newsroom, url: site.newsroom.url } }).toEqual(site);
  expect(site.newsroom.url).not.toBe('https://staging.news.example');
});

test('without a configured origin the newsroom’s own url stands', () => {
  const site = testSite();
  expect(siteServedAt(site, null)).toBe(site);
});
