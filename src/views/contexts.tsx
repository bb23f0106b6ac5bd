/**
 * The page shell's three contexts (docs/spec-coverage.md section 1): newsroom, translation and analytics. Using
 * a context outside its provider throws, so a view that needs one cannot silently render wrong.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Newsroom } from '#src/domain/newsroom';
import type { StorySummary } from '#src/domain/story';
import { formatDate, formatMessage, messagesFor, type MessageId, type MessageValues } from '#src/i18n/translate';

/** One entry of the language switcher: the current page in another language. */
export interface PageTranslation {
  readonly code: string;
  readonly name: string;
  readonly href: string;
}

/** What the shell reads from page props; without it the page renders bare. */
export interface NewsroomContextProps {
  readonly localeCode: string;
  readonly newsroom: Newsroom;
  readonly currentStory: StorySummary | null;
  readonly translations: readonly PageTranslation[];
  readonly isTrackingEnabled: boolean;
}

export interface Translator {
  readonly locale: string;
  t(id: MessageId, values?: MessageValues): string;
  /** The unformatted template, for browser code that formats it itself (plurals, arguments). */
  template(id: MessageId): string;
  date(epochSeconds: number): string;
}

export interface AnalyticsContextValue {
  readonly isEnabled: boolean;
  readonly newsroom: Newsroom;
  readonly story: StorySummary | null;
  /** The newsroom's own Plausible site plus the shared roll-up domain. */
  readonly siteDomains: readonly string[];
}

const NewsroomContext = createContext<NewsroomContextProps | null>(null);
const TranslationContext = createContext<Translator | null>(null);
const AnalyticsContext = createContext<AnalyticsContextValue | null>(null);

function required<T>(value: T | null, name: string): T {
  if (value === null) throw new Error(`${name} used outside its provider`);
  return value;
}

export const useNewsroomContext = () => required(useContext(NewsroomContext), 'useNewsroomContext');
export const useTranslator = () => required(useContext(TranslationContext), 'useTranslator');
export const useAnalytics = () => required(useContext(AnalyticsContext), 'useAnalytics');

export function createTranslator(locale: string, timeZone = 'UTC'): Translator {
  const messages = messagesFor(locale);
  return {
    locale,
    t: (id, values) => formatMessage(locale, messages, id, values),
    template: (id) => messages[id],
    date: (epochSeconds) => formatDate(locale, epochSeconds, timeZone),
  };
}

export function ContextProviders(props: { context: NewsroomContextProps; siteDomains: readonly string[]; children: ReactNode }) {
  const { context } = props;
  return (
    <NewsroomContext.Provider value={context}>
      <TranslationProvider locale={context.localeCode} timeZone={context.newsroom.timezone}>
        <AnalyticsContext.Provider
          value={{ isEnabled: context.isTrackingEnabled, newsroom: context.newsroom, story: context.currentStory, siteDomains: props.siteDomains }}
        >
          {props.children}
        </AnalyticsContext.Provider>
      </TranslationProvider>
    </NewsroomContext.Provider>
  );
}

/**
 * The translation context alone: for a part of a page that needs only its language and the
 * newsroom's time zone (the editor's story preview, src/admin/client/story-preview.tsx).
 */
export function TranslationProvider(props: { locale: string; timeZone: string; children: ReactNode }) {
  return <TranslationContext.Provider value={createTranslator(props.locale, props.timeZone)}>{props.children}</TranslationContext.Provider>;
}
