/**
 * Who is reading, told from a request's User-Agent alone (readership without cookies): people in
 * browsers, search engines, AI agents by name, feed readers, and other bots. One table, the only
 * place a crawler's name is matched; the readership counter stores the class and the agent's name,
 * never the User-Agent string itself.
 *
 * Names are the tokens the operators document for their crawlers and fetchers (OpenAI: GPTBot,
 * OAI-SearchBot, ChatGPT-User; Anthropic: ClaudeBot, Claude-User, Claude-SearchBot; Perplexity:
 * PerplexityBot, Perplexity-User; Common Crawl: CCBot; ByteDance: Bytespider; Meta:
 * Meta-ExternalAgent, Meta-ExternalFetcher; Apple: Applebot; Amazon: Amazonbot; …). Google-Extended
 * and Applebot-Extended are robots.txt tokens, not user agents: Googlebot's and Applebot's requests
 * say only Googlebot and Applebot, so Googlebot counts as a search engine. Applebot crawls for
 * Siri and Spotlight search as well as Apple's models: it is counted as an AI agent by name, as
 * the issue's table asks, since Apple publishes it among its AI crawlers.
 */

export type ReaderClass = 'person' | 'search-engine' | 'ai-agent' | 'feed-reader' | 'other-bot';

export interface Reader {
  readonly class: ReaderClass;
  /** The agent's name for AI agents, search engines and feed readers; null for people and unnamed bots. */
  readonly agent: string | null;
}

/** One row: the token matched in the User-Agent (case-insensitive, as a whole word, or a name's first part: Googlebot-Image) and who it is. */
interface AgentRow {
  readonly token: string;
  readonly class: Exclude<ReaderClass, 'person'>;
  /** The name shown; the token when absent. */
  readonly name?: string;
}

/**
 * Named agents; anything else calling itself a bot is an unnamed one (`OTHER_BOT_PATTERN`).
 */
export const KNOWN_AGENTS: readonly AgentRow[] = [
  // AI agents: crawlers that train or ground models, and fetchers acting for someone's question.
  { token: 'GPTBot', class: 'ai-agent' },
  { token: 'OAI-SearchBot', class: 'ai-agent' },
  { token: 'ChatGPT-User', class: 'ai-agent' },
  { token: 'ClaudeBot', class: 'ai-agent' },
  { token: 'Claude-User', class: 'ai-agent' },
  { token: 'Claude-SearchBot', class: 'ai-agent' },
  { token: 'anthropic-ai', class: 'ai-agent' },
  { token: 'PerplexityBot', class: 'ai-agent' },
  { token: 'Perplexity-User', class: 'ai-agent' },
  { token: 'CCBot', class: 'ai-agent' },
  { token: 'Bytespider', class: 'ai-agent' },
  { token: 'Meta-ExternalAgent', class: 'ai-agent' },
  { token: 'Meta-ExternalFetcher', class: 'ai-agent' },
  { token: 'Applebot', class: 'ai-agent' },
  { token: 'Amazonbot', class: 'ai-agent' },
  { token: 'MistralAI-User', class: 'ai-agent' },
  { token: 'DuckAssistBot', class: 'ai-agent' },
  { token: 'cohere-ai', class: 'ai-agent' },
  { token: 'YouBot', class: 'ai-agent' },
  { token: 'Diffbot', class: 'ai-agent' },
  // Search engines.
  { token: 'Googlebot', class: 'search-engine' },
  { token: 'Google-InspectionTool', class: 'search-engine', name: 'Googlebot' },
  { token: 'bingbot', class: 'search-engine', name: 'Bingbot' },
  { token: 'DuckDuckBot', class: 'search-engine' },
  { token: 'YandexBot', class: 'search-engine' },
  { token: 'Baiduspider', class: 'search-engine' },
  { token: 'Qwantbot', class: 'search-engine' },
  { token: 'SeznamBot', class: 'search-engine' },
  { token: 'Naverbot', class: 'search-engine' },
  { token: 'Yeti', class: 'search-engine', name: 'Naverbot' },
  { token: 'Slurp', class: 'search-engine', name: 'Yahoo Slurp' },
  { token: 'Ecosia', class: 'search-engine' },
  { token: 'Mojeek', class: 'search-engine', name: 'MojeekBot' },
  // Feed readers (they fetch feeds, and stories from the links in them).
  { token: 'Feedly', class: 'feed-reader' },
  { token: 'Inoreader', class: 'feed-reader' },
  { token: 'NewsBlur', class: 'feed-reader' },
  { token: 'Feedbin', class: 'feed-reader' },
  { token: 'theoldreader.com', class: 'feed-reader', name: 'The Old Reader' },
  { token: 'NetNewsWire', class: 'feed-reader' },
  { token: 'Miniflux', class: 'feed-reader' },
  { token: 'FreshRSS', class: 'feed-reader' },
  { token: 'Tiny Tiny RSS', class: 'feed-reader' },
  { token: 'Feedbro', class: 'feed-reader' },
  { token: 'FeedFetcher-Google', class: 'feed-reader', name: 'Google Feedfetcher' },
];

/** Words that mark the rest as robots: libraries, monitors, link previews, anything calling itself a bot. */
const OTHER_BOT_PATTERN = /bot\b|crawl|spider|slurp|fetch|scrape|preview|monitor|curl\/|wget\/|python-requests|python-urllib|aiohttp|go-http-client|node-fetch|undici|axios\/|okhttp|java\/|libwww|httpclient|headless/i;
/** A browser says Mozilla/5.0 and names its engine. */
const BROWSER_PATTERN = /^Mozilla\/5\.0 \(.+\) (AppleWebKit|Gecko)\//;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * One pattern for the whole table (a person's browser, the common case, is told apart by one test
 * on the counting path); its groups say which row matched: the token standing first in the
 * User-Agent, the table's order deciding between tokens at the same place.
 */
const KNOWN_AGENT_PATTERN = new RegExp(`(?:^|[^A-Za-z0-9-])(?:${KNOWN_AGENTS.map((row) => `(${escape(row.token)})`).join('|')})(?:$|[^A-Za-z0-9])`, 'i');

/** The reader a User-Agent says it is. No User-Agent, or one no browser sends, is a bot. */
export function readerOf(userAgent: string | null): Reader {
  const agent = (userAgent ?? '').slice(0, 512);
  const match = KNOWN_AGENT_PATTERN.exec(agent);
  if (match) {
    const row = KNOWN_AGENTS[match.slice(1).findIndex((group) => group !== undefined)]!;
    return { class: row.class, agent: row.name ?? row.token };
  }
  if (!agent || OTHER_BOT_PATTERN.test(agent) || !BROWSER_PATTERN.test(agent)) return { class: 'other-bot', agent: null };
  return { class: 'person', agent: null };
}

/**
 * The referring site of a person's visit, as a bare host name (no path, no query: those can hold
 * search terms or tokens), or null: none, this site itself, or not a web address.
 */
export function referringDomain(referer: string | null, ownHost: string): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return host === ownHost.toLowerCase().replace(/^www\./, '') ? null : host;
  } catch {
    return null;
  }
}
