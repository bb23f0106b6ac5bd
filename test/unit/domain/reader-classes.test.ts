// Who is reading, from the User-Agent alone: real user agents of people's browsers, search
// engines, AI agents, feed readers and other bots, and the referring site of a person's visit.
import { expect, test } from 'vitest';
import { readerOf, referringDomain } from '#src/domain/reader-classes';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

test.each([
  ['Chrome on Windows', CHROME, 'person', null],
  ['Safari on an iPhone', SAFARI_IPHONE, 'person', null],
  ['Firefox on Linux', FIREFOX, 'person', null],
  ['GPTBot', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)', 'ai-agent', 'GPTBot'],
  ['OAI-SearchBot', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot', 'ai-agent', 'OAI-SearchBot'],
  ['ChatGPT-User', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot', 'ai-agent', 'ChatGPT-User'],
  ['ClaudeBot', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)', 'ai-agent', 'ClaudeBot'],
  ['Claude-User', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)', 'ai-agent', 'Claude-User'],
  ['PerplexityBot', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)', 'ai-agent', 'PerplexityBot'],
  ['Perplexity-User', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)', 'ai-agent', 'Perplexity-User'],
  ['CCBot', 'CCBot/2.0 (https://commoncrawl.org/faq/)', 'ai-agent', 'CCBot'],
  ['Bytespider', 'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)', 'ai-agent', 'Bytespider'],
  ['Meta-ExternalAgent', 'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)', 'ai-agent', 'Meta-ExternalAgent'],
  ['Applebot', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)', 'ai-agent', 'Applebot'],
  ['Amazonbot', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36', 'ai-agent', 'Amazonbot'],
  ['Googlebot (Google-Extended is a robots.txt token, not a user agent)', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'search-engine', 'Googlebot'],
  ['Googlebot for smartphones', 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.69 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'search-engine', 'Googlebot'],
  ['Googlebot-Image', 'Googlebot-Image/1.0', 'search-engine', 'Googlebot'],
  ['Bingbot', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36', 'search-engine', 'Bingbot'],
  ['DuckDuckBot', 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)', 'search-engine', 'DuckDuckBot'],
  ['Feedly', 'Feedly/1.0 (+https://feedly.com/poller.html; 42 subscribers; )', 'feed-reader', 'Feedly'],
  ['Inoreader', 'Mozilla/5.0 (compatible; Inoreader/1.0; https://www.inoreader.com; 12 subscribers)', 'feed-reader', 'Inoreader'],
  ['NetNewsWire', 'NetNewsWire (RSS Reader; https://netnewswire.com/)', 'feed-reader', 'NetNewsWire'],
  ['curl', 'curl/8.5.0', 'other-bot', null],
  ['python-requests', 'python-requests/2.32.3', 'other-bot', null],
  ['an uptime monitor', 'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)', 'other-bot', null],
  ['a link preview', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'other-bot', null],
  ['a headless browser', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'other-bot', null],
  ['no User-Agent', null, 'other-bot', null],
  ['an empty User-Agent', '', 'other-bot', null],
  ['something that is no browser', 'SomeTool', 'other-bot', null],
])('%s: %s', (_case, userAgent, readerClass, agent) => {
  expect(readerOf(userAgent)).toEqual({ class: readerClass, agent });
});

test.each([
  ['a search engine, path and query dropped', 'https://www.google.com/search?q=northwind+annual+report', 'google.com'],
  ['a news site', 'https://news.example.org/articles/123?utm_source=x', 'news.example.org'],
  ['this site itself', 'https://news.northwind.example/category/wind', null],
  ['this site with www', 'https://www.news.northwind.example/', null],
  ['no Referer', null, null],
  ['not a web address', 'android-app://com.google.android.gm/', null],
  ['garbage', 'not a url', null],
])('the referring domain of %s', (_case, referer, domain) => {
  expect(referringDomain(referer, 'news.northwind.example')).toBe(domain);
});
