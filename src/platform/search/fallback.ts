/**
 * An external engine in front, D1 behind it: when the engine fails or is slower than
 * SEARCH_FALLBACK_TIMEOUT_MS, the failure is logged as one short JSON line and the D1 backend
 * answers, with a notice (message id `search.fallback_notice`) so the page can say results may be
 * less complete. A search page is never a 500 because an engine is down, and a hung engine
 * cannot hang a page. A D1 failure is not caught: there is nothing behind it.
 */
import type { SearchBackend } from '#src/domain/ports';
import type { FacetValueHit, FacetValueQuery, SearchQuery, SearchResults } from '#src/domain/search-query';
import { SEARCH_FALLBACK_TIMEOUT_MS } from './constants';
import { describeClientError, SearchEngineError } from './errors';
import { logEvent } from '#src/log';

/** The message id a page shows when D1 answered in the engine's place. */
export const SEARCH_FALLBACK_NOTICE = 'search.fallback_notice';

export interface FallbackSearchResults extends SearchResults {
  /** True when the fallback answered. */
  readonly fellBack?: boolean;
  readonly notice?: typeof SEARCH_FALLBACK_NOTICE;
}

export interface FallbackOptions {
  /** Named in the log line (the primary's `name` when it has one). */
  readonly name?: string;
  readonly timeoutMs?: number;
}

export class SearchTimeoutError extends Error {
  override readonly name = 'SearchTimeoutError';
}

export class FallbackSearchBackend implements SearchBackend {
  private readonly name: string;
  private readonly timeoutMs: number;

  constructor(
    private readonly primary: SearchBackend,
    private readonly fallback: SearchBackend,
    options: FallbackOptions = {},
  ) {
    this.name = options.name ?? (primary as { name?: string }).name ?? 'primary';
    this.timeoutMs = options.timeoutMs ?? SEARCH_FALLBACK_TIMEOUT_MS;
  }

  async search(query: SearchQuery): Promise<FallbackSearchResults> {
    const answer = await this.answer((backend) => backend.search(query));
    return answer.fellBack ? { ...answer.value, fellBack: true, notice: SEARCH_FALLBACK_NOTICE } : answer.value;
  }

  async searchFacetValues(input: FacetValueQuery): Promise<readonly FacetValueHit[]> {
    return (await this.answer((backend) => backend.searchFacetValues(input))).value;
  }

  /** The primary's answer within the timeout, or the fallback's after logging why. */
  private async answer<T>(ask: (backend: SearchBackend) => Promise<T>): Promise<{ value: T; fellBack: boolean }> {
    try {
      return { value: await withTimeout(ask(this.primary), this.timeoutMs), fellBack: false };
    } catch (error) {
      const { message, status, code } = describeClientError(error);
      logEvent(
        'search_fallback',
        {
          backend: error instanceof SearchEngineError ? error.backend : this.name,
          reason: error instanceof SearchTimeoutError ? 'timeout' : 'error',
          status,
          code,
          // Messages of engine clients can be long (lists of hosts tried): the first line is enough.
          message: message.split('\n')[0]!.slice(0, 300),
        },
        'error',
      );
      return { value: await ask(this.fallback), fellBack: true };
    }
  }
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  // The engine's request may still settle after we gave up: its rejection must not be unhandled.
  work.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SearchTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
