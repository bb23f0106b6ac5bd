/**
 * The header search box. Server-rendered as a plain GET form (search works without JavaScript);
 * once hydrated it shows quick results as the visitor types: debounced, stale requests aborted,
 * the ARIA combobox pattern for keyboard and screen readers (arrows move, Enter opens, Escape
 * closes), and a "show all results" link to the full results page.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { highlightParts } from '#src/domain/search-query';
import { formatTemplate } from '#src/i18n/format';
import type { AsyncStatus } from '#src/domain/analytics';
import { numberFormat } from '#src/i18n/intl';

export const QUICK_SEARCH_DEBOUNCE_MS = 200;
export const QUICK_SEARCH_MIN_LENGTH = 2;

export interface SearchBoxProps {
  readonly id: string;
  /** The search results page (the form's action). */
  readonly action: string;
  readonly localeCode: string;
  readonly bcp47: string;
  readonly labels: {
    readonly label: string;
    readonly submit: string;
    readonly results: string;
    readonly searching: string;
    /** Template with `{query}`. */
    readonly noResults: string;
    readonly failed: string;
    readonly showAll: string;
    /** Template with `{count, plural, …}`. */
    readonly resultsCount: string;
  };
}

interface QuickHit {
  readonly uuid: string;
  readonly title: string;
  readonly highlightedTitle: string;
  readonly url: string;
}

interface QuickResults {
  readonly query: string;
  readonly hits: readonly QuickHit[];
  readonly total: number;
  readonly url: string;
}

export function SearchBox(props: SearchBoxProps) {
  const { id, labels } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<AsyncStatus>('not-executed');
  const [results, setResults] = useState<QuickResults | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // A visitor may type before the island has hydrated: start from what the field holds.
  useEffect(() => {
    const typed = inputRef.current?.value ?? '';
    if (typed) {
      setQuery(typed);
      setOpen(true);
    }
  }, []);

  useEffect(() => {
    const trimmed = query.trim();
    if (trimmed.length < QUICK_SEARCH_MIN_LENGTH) {
      setStatus('not-executed');
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus('loading');
      try {
        const params = new URLSearchParams({ query: trimmed, localeCode: props.localeCode });
        const response = await fetch(`/api/search?${params}`, { signal: controller.signal, headers: { Accept: 'application/json' } });
        if (!response.ok) throw new Error(`Quick search answered ${response.status}`);
        const body = (await response.json()) as Omit<QuickResults, 'query'>;
        setResults({ query: trimmed, hits: body.hits, total: body.total, url: body.url });
        setActive(-1);
        setStatus('success');
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Quick search failed', error);
        setStatus('error');
      }
    }, QUICK_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, props.localeCode]);

  const hits = results?.hits ?? [];
  const expanded = open && status !== 'not-executed';
  const go = (url: string) => window.location.assign(url);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'ArrowDown' && hits.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (current <= 0 ? hits.length - 1 : current - 1));
    } else if (event.key === 'Enter' && expanded && active >= 0 && hits[active]) {
      event.preventDefault();
      go(hits[active].url);
    }
  };

  const statusText =
    status === 'loading'
      ? labels.searching
      : status === 'error'
        ? labels.failed
        : status === 'success' && results && hits.length === 0
          ? formatTemplate(labels.noResults, props.bcp47, { query: results.query })
          : status === 'success' && results
            ? formatTemplate(labels.resultsCount, props.bcp47, { count: results.total })
            : '';

  return (
    <form
      className="header-search"
      method="get"
      action={props.action}
      role="search"
      aria-label={labels.label}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {labels.label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="query"
        // A text field, not type="search": HTML allows role="combobox" (and with it
        // aria-expanded) only on a text input, as in the ARIA APG combobox pattern. The form's
        // role="search" keeps the landmark; enterKeyHint keeps the "search" key on phones.
        type="text"
        enterKeyHint="search"
        placeholder={labels.label}
        maxLength={200}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="visually-hidden">
        {labels.submit}
      </button>
      <p className="visually-hidden" role="status">
        {expanded ? statusText : ''}
      </p>
      <div className="quick-results" hidden={!expanded}>
        <ul id={`${id}-listbox`} role="listbox" aria-label={labels.results} className="quick-results-list">
          {hits.map((hit, index) => (
            <li
              key={hit.uuid}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'quick-result is-active' : 'quick-result'}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(hit.url)}
            >
              {highlightParts(hit.highlightedTitle).map((part, partIndex) => (part.match ? <mark key={partIndex}>{part.text}</mark> : <span key={partIndex}>{part.text}</span>))}
            </li>
          ))}
        </ul>
        {status !== 'success' || hits.length === 0 ? (
          <p className="quick-results-status" aria-hidden="true">
            {statusText}
          </p>
        ) : null}
        {results && results.total > 0 ? (
          <a className="quick-results-all" href={results.url}>
            {labels.showAll} ({numberFormat(props.bcp47).format(results.total)})
          </a>
        ) : null}
      </div>
    </form>
  );
}
