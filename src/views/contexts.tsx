/**
 * The page shell's three contexts (docs/spec-coverage.md section 1): newsroom, translation and analytics. Using
 * a context outside its provider throws, so a view that needs one cannot silently render wrong.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Newsroom } from '#src/domain/newsroom';
import type { StorySummary } from '#src/domain/story';
import type { NewsroomContextProps } from '#src/pages/model';
import { createTranslator, type Translator } from '#src/i18n/translate';

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
